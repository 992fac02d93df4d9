// The analysis screens' shared pieces (components/analytics), under the names this folder uses.
export { Badge, Figure, FormulaLink, Segmented } from '../../components/analytics/AnalysisParts';
