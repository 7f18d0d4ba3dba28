import { ax as a, aw as i } from "./copilot/copilot-DBVJxR1R.js";
export {
  a as _createChildrenDefinitions,
  i as _registerImporter
};
