@testable import SpecRun
import XCTest

/// One table of options: the parser accepts every entry, and help, completions and the man page list them all.
final class OptionTableTests: XCTestCase {
    func test_parse_acceptsEveryOptionOfTheTable() {
        let values = ["EXPR": "@a", "REGEX": "^a", "NAME[:FILE]": "summary", "JSON": "{}", "ORDER": "reverse", "N": "1",
                      "N|auto": "2", "SECONDS": "5", "I/N": "1/2", "FILE": "t.ndjson", "NAME": "ci", "LANG": "fr",
                      "SIZE": "512M"]
        for option in OptionTable.run where !["--profile", "--config"].contains(option.long) {
            for name in [option.short, option.long].compactMap({ $0 }) {
                let arguments = [name] + (option.value.map { [values[$0] ?? "x"] } ?? [])
                XCTAssertNoThrow(try CommandLineParser.parse(arguments), "\(arguments)")
            }
        }
    }

    func test_everyOutput_listsEveryLongOption() {
        let outputs = ["help": HelpText.main, "man": Completions.manPage().replacingOccurrences(of: "\\-", with: "-")]
            .merging(Completions.shells.map { ($0, Completions.script(for: $0)!) }) { a, _ in a }
        for (name, text) in outputs {
            for option in OptionTable.run {
                let spelled = name == "fish" ? "-l \(option.long.dropFirst(2))" : option.long
                XCTAssertTrue(text.contains(spelled), "\(name) lacks \(option.long)")
            }
        }
    }

    func test_i18n_listsLanguagesAndOneLanguagesKeywords() throws {
        XCTAssertEqual(try CommandLineParser.parse(["--i18n-languages"]), .languages)
        XCTAssertEqual(try CommandLineParser.parse(["--i18n-keywords", "fr"]), .keywords(language: "fr"))
        XCTAssertTrue(LanguagesCommand.languages().contains("| fr "), "French is listed")
        XCTAssertTrue(LanguagesCommand.keywords("fr")?.contains(#""Soit ""#) ?? false, LanguagesCommand.keywords("fr") ?? "")
        XCTAssertThrowsError(try CommandLineParser.parse(["--i18n-keywords", "frr"])) { error in
            XCTAssertTrue("\(error)".contains("(did you mean 'fr'?)"), "\(error)")
        }
    }

    func test_parse_readsCompletionsAndRefusesAnUnknownShell() throws {
        XCTAssertEqual(try CommandLineParser.parse(["completions", "zsh"]), .completions(shell: "zsh"))
        XCTAssertEqual(try CommandLineParser.parse(["man"]), .manPage)
        XCTAssertThrowsError(try CommandLineParser.parse(["completions", "tcsh"]))
    }
}
