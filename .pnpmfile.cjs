// Published manifests: devDependencies are dropped when a package is packed. They only matter
// inside this repository, and several are private workspace tooling (tsconfig, vitest and lint
// presets, test utilities, the bench harness) that does not exist on the registry.
module.exports = {
  hooks: {
    beforePacking(pkg) {
      delete pkg.devDependencies;
      return pkg;
    },
  },
};
