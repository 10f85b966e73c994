// Who changed what in the catalogue that every tenant's shop shares (docs/decisions/0144): the
// notice staff read before they edit, and the list of recent changes beside the editors.
// The front door: features import these, never the files behind them.
export {
  CATALOGUE_CHANGES_KEY,
  CatalogueChangeList,
  SharedCatalogueNotice,
  useCatalogueChanges,
} from "./catalogue-changes";
