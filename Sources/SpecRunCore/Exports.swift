// Messages comes with the runner: `run(emit:)` hands out `Envelope`s. SpecRunCore's own `DataTable` and
// `DocString` shadow the Messages ones for files that import only SpecRunCore (or SpecRun).
@_exported import Messages
