// SpecRun
