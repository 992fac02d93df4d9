// Validation failures carry a stable message key; the web app translates it (i18n namespace
// `validation`), and the API answers with the English text of the spec (000 §5) for clients
// that do not translate.
import { FITTING_VALIDATION_MESSAGES } from './fitting-messages.ts';

export const VALIDATION_MESSAGES = {
  ...FITTING_VALIDATION_MESSAGES,
  email_invalid: 'Please enter a valid email address',
  phone_invalid: 'Please enter a valid phone number with country code',
  contact_required: 'Please enter your email or phone number',
  terms_required: 'You must accept the terms and privacy policy',
  code_invalid: 'The code must be 6 digits',
  first_name_required: 'First name is required',
  last_name_required: 'Last name is required',
  experience_required: 'Please select your cycling experience',
  weight_invalid: 'Weight must be between 20 and 300 kg',
  height_invalid: 'Height must be a whole number between 100 and 250 cm',
  date_of_birth_invalid: 'Date of birth must be a past date',
  text_too_long: 'This text is too long',
  sex_invalid: 'Choose female, male or not said',
  bike_name_required: 'Bike name is required',
  bike_type_invalid: 'Choose road, time trial, gravel or mountain',
  year_invalid: 'Year must be between 1900 and next year',
  bike_weight_invalid: 'Bike weight must be between 3 and 40 kg',
  date_invalid: 'Enter a valid date',
  ftp_invalid: 'FTP must be a whole number of watts between 30 and 700',
  hr_invalid: 'Heart rate must be a whole number of beats per minute in a plausible range',
  athlete_settings_empty: 'Enter at least one value',
  activity_name_required: 'The ride needs a name',
  api_key_name_required: 'Give the key a name',
  api_key_scope_invalid: 'Choose read or write',
  cda_invalid: 'CdA must be between 0.1 and 0.8 m²',
  crr_invalid: 'Crr must be between 0.0005 and 0.03',
  mass_invalid: 'Total mass must be between 30 and 250 kg',
  air_density_invalid: 'Air density must be between 0.6 and 1.5 kg/m³',
  temperature_invalid: 'Temperature must be between −40 and 50 °C, given with the altitude',
  altitude_invalid: 'Altitude must be between −500 and 6,000 m, given with the temperature',
  wind_invalid: 'Wind must be between −20 and 20 m/s',
  lap_invalid: 'Choose one of the ride’s laps',
  range_invalid: 'Choose a lap or a time range that ends after it starts, not both',
  multipart_boundary_missing: 'Send the files as multipart/form-data with a boundary',
  multipart_malformed: 'The multipart/form-data body is malformed',
  text_nul: 'This text contains a character that is not allowed (NUL)',
  invalid: 'This value is not valid',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;
