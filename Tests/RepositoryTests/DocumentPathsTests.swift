import XCTest

/// Placeholder until the documents' paths are checked (see below).
final class DocumentPathsTests: XCTestCase {}
