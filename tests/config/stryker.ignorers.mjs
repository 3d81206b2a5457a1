// @ts-check
/**
 * Mutants Stryker should not count in src/machines, because no test can tell them apart from the original:
 * - a state's `description`: documentation for docs/machines.md and the inspector, never read by the app;
 * - the `types` of `setup({ types })`: TypeScript types, gone at run time.
 * Stryker reports them as ignored, with the reason below, instead of as survivors.
 */
const isKey = (/** @type {any} */ node, /** @type {string} */ name) =>
  node.key?.type === 'Identifier' && node.key.name === name;

const machineDocumentation = {
  /** @param {any} path a Babel NodePath */
  shouldIgnore(path) {
    if (!path.isObjectProperty()) return undefined;
    if (isKey(path.node, 'description') && path.node.value.type === 'StringLiteral')
      return 'A state description is documentation';
    const call = path.parentPath?.parentPath;
    if (isKey(path.node, 'types') && call?.isCallExpression() && call.node.callee.name === 'setup')
      return "setup()'s types are TypeScript types";
    return undefined;
  },
};

export const strykerPlugins = [
  { kind: 'Ignore', name: 'machine-documentation', value: machineDocumentation },
];
