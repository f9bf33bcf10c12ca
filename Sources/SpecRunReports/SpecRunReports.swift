// SpecRunReports
