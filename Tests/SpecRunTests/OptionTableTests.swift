import XCTest

@testable import SpecRun

/// One table of options: the parser accepts every entry, and help, completions and the man page list them all.
final class OptionTableTests: XCTestCase {
    func test_parse_acceptsEveryOptionOfTheTable() {
        let values = [
            "EXPR": "@a", "REGEX": "^a", "NAME[:FILE]": "summary", "JSON": "{}", "ORDER": "reverse", "N": "1",
            "N|auto": "2", "SECONDS": "5", "I/N": "1/2", "FILE": "t.ndjson", "NAME": "ci", "LANG": "fr",
            "SIZE": "512M", "EXPR=DURATION": "@slow=30s",
        ]
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

    func test_parse_acceptsEveryOptionOfEverySubcommand() {
        let values = ["EXPR": "@a", "FORMAT": "github", "DIR": "Features", "NAME[:FILE]": "summary", "JSON": "{}"]
        let operands = [
            "import": ["Requirements/quiz.md"], "report": ["run.ndjson"], "gherkin": ["a.feature"],
            "completions": ["bash"],
        ]
        for spec in OptionTable.subcommandSpecs {
            for option in spec.options {
                for name in [option.short, option.long].compactMap({ $0 }) {
                    let arguments = [spec.name] + (operands[spec.name] ?? []) + [name] + (option.value.map { [values[$0] ?? "x"] } ?? [])
                    XCTAssertNoThrow(try CommandLineParser.parse(arguments), "\(arguments)")
                }
            }
        }
    }

    func test_subcommandHelp_listsTheSubcommandsOwnOptions() throws {
        for spec in OptionTable.subcommandSpecs {
            let topic = try CommandLineParser.parse([spec.name, "--help"])
            XCTAssertEqual(topic, .help(topic: spec.name))
            let text = HelpText.text(for: spec.name)
            XCTAssertTrue(text.hasPrefix("specrun \(spec.name) — "), text)
            for option in spec.options { XCTAssertTrue(text.contains(option.long), "\(spec.name) --help lacks \(option.long)") }
        }
        XCTAssertFalse(HelpText.text(for: "check").contains("--shard"), "check's help is not the run's")
        XCTAssertEqual(HelpText.text(for: nil), HelpText.main)
    }

    func test_help_namesTheExecutableTheUserStartedOnASpecExecutable() {
        let text = HelpText.text(for: nil, program: "shop-specs")

        XCTAssertTrue(text.hasPrefix("shop-specs — run Gherkin"), text)
        XCTAssertTrue(text.contains("\n  shop-specs check [PATH...]"), text)
        XCTAssertTrue(text.contains("--specrun-path DIR"), text)
        XCTAssertFalse(text.contains(" specrun "), text)
    }

    func test_manPageAndCompletions_coverEverySubcommandsOptions() {
        let man = Completions.manPage().replacingOccurrences(of: "\\-", with: "-")
        let outputs = ["man": man].merging(Completions.shells.map { ($0, Completions.script(for: $0)!) }) { a, _ in a }
        for (name, text) in outputs {
            for spec in OptionTable.subcommandSpecs {
                XCTAssertTrue(text.contains(spec.name), "\(name) lacks \(spec.name)")
                for option in spec.options {
                    let spelled = name == "fish" ? "from \(spec.name)' -l \(option.long.dropFirst(2))" : option.long
                    XCTAssertTrue(text.contains(spelled), "\(name) lacks \(spec.name) \(option.long)")
                }
            }
        }
        XCTAssertTrue(man.contains(".SS specrun check"), man)
        XCTAssertTrue(man.contains(".SS specrun import"), man)
    }

    func test_completions_registerForTheProgramName() {
        for shell in Completions.shells {
            XCTAssertTrue(Completions.script(for: shell, program: "shop-specs")!.contains("shop-specs"), shell)
            for registration in ["complete -c specrun", "#compdef specrun", " specrun\n"] {
                XCTAssertFalse(Completions.script(for: shell, program: "shop-specs")!.contains(registration), shell)
            }
        }
        XCTAssertTrue(Completions.script(for: "bash", program: "shop-specs")!.contains("complete -o filenames -F _shop_specs shop-specs"))
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
