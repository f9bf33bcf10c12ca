// SpecRunCore does not re-export Messages: a step file that imports SpecRun sees the DSL (World, Steps, DataTable,
// DocString, expect…), not the wire model, so `Duration`, `DataTable` and `DocString` mean what they should.
// Code that reads the envelope stream (`SpecRunner.run(emit:)`) imports Messages itself.
