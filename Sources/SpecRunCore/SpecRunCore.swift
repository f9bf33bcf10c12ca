// SpecRunCore
