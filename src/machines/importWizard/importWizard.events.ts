/** The import wizard (SPEC §4 import): step 1 chooses the file, step 2 names the dashboard and maps devices. */
export type ImportWizardEvent =
  /** A file was chosen in step 1 (null: the choice was cleared). */
  | { type: 'import.chooseFile'; file: File | null }
  /** On to step 2 (the file is required). */
  | { type: 'import.next' }
  /** Back to step 1. */
  | { type: 'import.back' }
  | { type: 'import.rename'; value: string }
  /** The user's device (tree key; null: none) replacing the file's device `hexacode`. */
  | { type: 'import.mapDevice'; hexacode: string; key: string | null }
  /** The chosen device's department (key; null: none) replacing a department of the file's device `hexacode`. */
  | {
      type: 'import.mapDepartment';
      hexacode: string;
      department: number;
      subDepartment: number;
      key: string | null;
    }
  /** 'Create buffers for linked devices'. */
  | { type: 'import.toggleBuffers' }
  | { type: 'import.submit' }
  | { type: 'import.cancel' };
