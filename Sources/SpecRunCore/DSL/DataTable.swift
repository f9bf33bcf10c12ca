/// A step's data table, as handed to a step closure (last argument).
///
/// Messages has a `DataTable` (and a `DocString`) of its own; through `import SpecRun` (or `import
/// SpecRunCore`) these names mean the step-closure types. A file that also writes `import Messages` must
/// spell `SpecRunCore.DataTable`.
public struct DataTable: Sendable, Equatable, CustomStringConvertible {
    /// Every row, header included, as the cells' text.
    public let rows: [[String]]

    public init(_ rows: [[String]]) {
        self.rows = rows
    }

    /// The first row.
    public var headers: [String] { rows.first ?? [] }

    /// The rows after the header.
    public var dataRows: ArraySlice<[String]> { rows.dropFirst() }

    /// One dictionary per row after the header, keyed by the header cells.
    public func hashes() -> [[String: String]] {
        let keys = headers
        return dataRows.map { row in
            var hash: [String: String] = [:]
            for (index, key) in keys.enumerated() { hash[key] = index < row.count ? row[index] : "" }
            return hash
        }
    }

    /// A two-column table as a dictionary: first column → second column (later rows win). A row that does not have
    /// exactly two columns fails the step, naming the row and its column count (as cucumber-js's `rowsHash` throws).
    public func rowsHash(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        var hash: [String: String] = [:]
        for (number, row) in rows.enumerated() {
            guard row.count == 2 else {
                throw ExpectationFailure(
                    "rowsHash() needs a table whose every row has exactly two columns: row \(number + 1) "
                        + "(\(DataTable([row]).description)) has \(row.count) column\(row.count == 1 ? "" : "s") "
                        + "(use hashes() for a table with a header row, or rows for the cells as they are)",
                    file: "\(file)", line: Int(line))
            }
            hash[row[0]] = row[1]
        }
        return hash
    }

    /// The cells under a header name, without the header (empty when there is no such column).
    public func column(_ name: String) -> [String] {
        guard let index = headers.firstIndex(of: name) else { return [] }
        return column(at: index).dropFirst().map { $0 }
    }

    /// Every cell of the column at `index`, header included.
    public func column(at index: Int) -> [String] {
        rows.map { index < $0.count ? $0[index] : "" }
    }

    /// Rows become columns.
    public func transpose() -> DataTable {
        let width = rows.map(\.count).max() ?? 0
        return DataTable((0..<width).map { column(at: $0) })
    }

    public subscript(row: Int, column: Int) -> String { rows[row][column] }

    public var description: String {
        rows.map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }
}
