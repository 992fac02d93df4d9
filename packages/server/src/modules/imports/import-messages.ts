// What an import tells the rider about one file, in the rider's language (the import screen shows the
// message as written; `message_code` stays stable for API clients).
export type Language = 'es' | 'en';

export type ImportMessageCode = 'RECOVERED' | 'REPLACED_DAMAGED' | 'DUPLICATE' | 'DUPLICATE_DAMAGED';

/** Minutes as the rider reads them: at least 1. */
const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export function importMessage(language: Language, code: ImportMessageCode, readS = 0): string {
  const min = minutes(readS);
  if (language === 'es') {
    switch (code) {
      case 'RECOVERED':
        return `Archivo dañado: se han podido leer los primeros ${min} min.`;
      case 'REPLACED_DAMAGED':
        return 'Archivo completo: sustituye a la copia dañada de esta salida, que conserva su nombre, bicicleta y notas.';
      case 'DUPLICATE':
        return 'Esta salida ya está guardada.';
      case 'DUPLICATE_DAMAGED':
        return `Archivo dañado (se han podido leer los primeros ${min} min): esta salida ya está guardada.`;
    }
  }
  switch (code) {
    case 'RECOVERED':
      return `Damaged file: the first ${min} min could be read.`;
    case 'REPLACED_DAMAGED':
      return 'Complete file: it replaces the damaged copy of this ride, which keeps its name, bike and notes.';
    case 'DUPLICATE':
      return 'This ride is already stored.';
    case 'DUPLICATE_DAMAGED':
      return `Damaged file (the first ${min} min could be read): this ride is already stored.`;
  }
}
