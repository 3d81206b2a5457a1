/**
 * The folder of the language catalogues (one folder per language, one JSON file per area), for the server's mail,
 * which reads the files the SPA bundles instead of importing all eleven languages.
 */
export const CATALOGUE_DIR = new URL('./', import.meta.url);
