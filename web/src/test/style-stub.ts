// Jest has no CSS pipeline: stylesheet and asset imports resolve to this empty module.
export default {};
