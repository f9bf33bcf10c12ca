/// One thing `specrun check` (and the language server) says about a file: where, how grave, what.
package struct CheckFinding: Equatable {
    package init(severity: Severity, file: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    package enum Severity: String { case error, warning }
    package var severity: Severity
    package var file: String
    package var line: Int
    package var column: Int
    package var message: String
}
