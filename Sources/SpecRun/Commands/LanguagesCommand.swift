import Gherkin

/// `--i18n-languages` and `--i18n-keywords LANG` (as cucumber-js): the spoken languages Gherkin has, and one
/// language's keywords, for writing features in it (`# language: fr`).
enum LanguagesCommand {
    static func languages() -> String {
        let rows = Dialect.codes.compactMap(Dialect.named).map { [$0.code, $0.name, $0.native] }
        return table(["code", "name", "native"], rows)
    }

    static func keywords(_ code: String) -> String? {
        guard let dialect = Dialect.named(code) else { return nil }
        let rows: [(String, [String])] = [
            ("feature", dialect.feature), ("rule", dialect.rule), ("background", dialect.background),
            ("scenario", dialect.scenario), ("scenarioOutline", dialect.scenarioOutline), ("examples", dialect.examples),
            ("given", dialect.given), ("when", dialect.when), ("then", dialect.then), ("and", dialect.and), ("but", dialect.but),
        ]
        return table(
            ["keyword", "in \(dialect.name) (\(dialect.native))"],
            rows.map { [$0.0, $0.1.map { "\"\($0)\"" }.joined(separator: ", ")] })
    }

    private static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            "| "
                + row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
                }.joined(separator: " | ")
        }.joined(separator: "\n") + "\n"
    }
}
