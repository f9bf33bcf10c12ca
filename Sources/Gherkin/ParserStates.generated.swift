// The parser states of the official Gherkin grammar (gherkin.berp), as berp generates them for every
// official parser: for each state, the transitions tried in order (token type, optional lookahead,
// rules ended, rules started, next state) and the tokens expected when none matches.
// Transcribed to a table by a script; do not edit by hand.

extension ParserStates {
    static let table: [Int: ParserState] = [
        // State: 42 - the end (EOF matched)
        42: ParserState(transitions: [], expected: ""),
        // State: 0 - Start
        0: ParserState(
            transitions: [
                Transition(.eof, to: 42),
                Transition(.language, start: [.feature, .featureHeader], to: 1),
                Transition(.tagLine, start: [.feature, .featureHeader, .tags], to: 2),
                Transition(.featureLine, start: [.feature, .featureHeader], to: 3),
                Transition(.comment, to: 0),
                Transition(.empty, to: 0),
            ],
            expected: "#EOF, #Language, #TagLine, #FeatureLine, #Comment, #Empty"
        ),
        // State: 1 - GherkinDocument:0>Feature:0>FeatureHeader:0>#Language:0
        1: ParserState(
            transitions: [
                Transition(.tagLine, start: [.tags], to: 2),
                Transition(.featureLine, to: 3),
                Transition(.comment, to: 1),
                Transition(.empty, to: 1),
            ],
            expected: "#TagLine, #FeatureLine, #Comment, #Empty"
        ),
        // State: 2 - GherkinDocument:0>Feature:0>FeatureHeader:1>Tags:0>#TagLine:0
        2: ParserState(
            transitions: [
                Transition(.tagLine, to: 2),
                Transition(.featureLine, end: [.tags], to: 3),
                Transition(.comment, to: 2),
                Transition(.empty, to: 2),
            ],
            expected: "#TagLine, #FeatureLine, #Comment, #Empty"
        ),
        // State: 3 - GherkinDocument:0>Feature:0>FeatureHeader:2>#FeatureLine:0
        3: ParserState(
            transitions: [
                Transition(.eof, end: [.featureHeader, .feature], to: 42),
                Transition(.empty, to: 3),
                Transition(.comment, start: [.description], to: 4),
                Transition(.backgroundLine, end: [.featureHeader], start: [.background], to: 5),
                Transition(.tagLine, lookahead: 0, end: [.featureHeader], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.featureHeader], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.featureHeader], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.featureHeader], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 4),
            ],
            expected: "#EOF, #Empty, #Comment, #BackgroundLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 4 - GherkinDocument:0>Feature:0>FeatureHeader:3>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        4: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .featureHeader, .feature], to: 42),
                Transition(.comment, to: 4),
                Transition(.backgroundLine, end: [.description, .featureHeader], start: [.background], to: 5),
                Transition(.tagLine, lookahead: 0, end: [.description, .featureHeader], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.description, .featureHeader], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.description, .featureHeader], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.description, .featureHeader], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 4),
            ],
            expected: "#EOF, #Comment, #BackgroundLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 5 - GherkinDocument:0>Feature:1>Background:0>#BackgroundLine:0
        5: ParserState(
            transitions: [
                Transition(.eof, end: [.background, .feature], to: 42),
                Transition(.empty, to: 5),
                Transition(.comment, start: [.description], to: 6),
                Transition(.stepLine, start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.background], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 6),
            ],
            expected: "#EOF, #Empty, #Comment, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 6 - GherkinDocument:0>Feature:1>Background:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        6: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .background, .feature], to: 42),
                Transition(.comment, to: 6),
                Transition(.stepLine, end: [.description], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.description, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.description, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.description, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.description, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 6),
            ],
            expected: "#EOF, #Comment, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 7 - GherkinDocument:0>Feature:1>Background:2>Step:0>#StepLine:0
        7: ParserState(
            transitions: [
                Transition(.eof, end: [.step, .background, .feature], to: 42),
                Transition(.tableRow, start: [.dataTable], to: 8),
                Transition(.docStringSeparator, start: [.docString], to: 52),
                Transition(.stepLine, end: [.step], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.step, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.step, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.step, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.step, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 7),
                Transition(.empty, to: 7),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 8 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:0>DataTable:0>#TableRow:0
        8: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .background, .feature], to: 42),
                Transition(.tableRow, to: 8),
                Transition(.docStringSeparator, end: [.dataTable], start: [.docString], to: 9),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.dataTable, .step, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.dataTable, .step, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 8),
                Transition(.empty, to: 8),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 9 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:0>#DocStringSeparator:0
        9: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 10),
                Transition(.other, to: 9),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 10 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:2>#DocStringSeparator:0
        10: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .background, .feature], to: 42),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.docString, .step, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.docString, .step, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.docString, .step, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 10),
                Transition(.empty, to: 10),
            ],
            expected: "#EOF, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 11 - GherkinDocument:0>Feature:2>ScenarioDefinition:0>Tags:0>#TagLine:0
        11: ParserState(
            transitions: [
                Transition(.tagLine, to: 11),
                Transition(.scenarioLine, end: [.tags], start: [.scenario], to: 12),
                Transition(.comment, to: 11),
                Transition(.empty, to: 11),
            ],
            expected: "#TagLine, #ScenarioLine, #Comment, #Empty"
        ),
        // State: 12 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:0>#ScenarioLine:0
        12: ParserState(
            transitions: [
                Transition(.eof, end: [.scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.empty, to: 12),
                Transition(.comment, start: [.description], to: 13),
                Transition(.stepLine, start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 13),
            ],
            expected: "#EOF, #Empty, #Comment, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 13 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        13: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.comment, to: 13),
                Transition(.stepLine, end: [.description], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.description], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.description, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.description, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.description], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.description, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.description, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 13),
            ],
            expected: "#EOF, #Comment, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 14 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:0>#StepLine:0
        14: ParserState(
            transitions: [
                Transition(.eof, end: [.step, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.tableRow, start: [.dataTable], to: 15),
                Transition(.docStringSeparator, start: [.docString], to: 49),
                Transition(.stepLine, end: [.step], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.step], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.step], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 14),
                Transition(.empty, to: 14),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 15 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:0>DataTable:0>#TableRow:0
        15: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.tableRow, to: 15),
                Transition(.docStringSeparator, end: [.dataTable], start: [.docString], to: 16),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.dataTable, .step], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.dataTable, .step], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 15),
                Transition(.empty, to: 15),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 16 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:0>#DocStringSeparator:0
        16: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 17),
                Transition(.other, to: 16),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 17 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:2>#DocStringSeparator:0
        17: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.docString, .step], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.docString, .step], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 17),
                Transition(.empty, to: 17),
            ],
            expected: "#EOF, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 18 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:0>Tags:0>#TagLine:0
        18: ParserState(
            transitions: [
                Transition(.tagLine, to: 18),
                Transition(.examplesLine, end: [.tags], start: [.examples], to: 19),
                Transition(.comment, to: 18),
                Transition(.empty, to: 18),
            ],
            expected: "#TagLine, #ExamplesLine, #Comment, #Empty"
        ),
        // State: 19 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:0>#ExamplesLine:0
        19: ParserState(
            transitions: [
                Transition(.eof, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.empty, to: 19),
                Transition(.comment, start: [.description], to: 20),
                Transition(.tableRow, start: [.examplesTable], to: 21),
                Transition(.tagLine, lookahead: 1, end: [.examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 20),
            ],
            expected: "#EOF, #Empty, #Comment, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 20 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        20: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.comment, to: 20),
                Transition(.tableRow, end: [.description], start: [.examplesTable], to: 21),
                Transition(.tagLine, lookahead: 1, end: [.description, .examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.description, .examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 20),
            ],
            expected: "#EOF, #Comment, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 21 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:2>ExamplesTable:0>#TableRow:0
        21: ParserState(
            transitions: [
                Transition(.eof, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.tableRow, to: 21),
                Transition(.tagLine, lookahead: 1, end: [.examplesTable, .examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.examplesTable, .examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 21),
                Transition(.empty, to: 21),
            ],
            expected: "#EOF, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 22 - GherkinDocument:0>Feature:3>Rule:0>RuleHeader:0>Tags:0>#TagLine:0
        22: ParserState(
            transitions: [
                Transition(.tagLine, to: 22),
                Transition(.ruleLine, end: [.tags], to: 23),
                Transition(.comment, to: 22),
                Transition(.empty, to: 22),
            ],
            expected: "#TagLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 23 - GherkinDocument:0>Feature:3>Rule:0>RuleHeader:1>#RuleLine:0
        23: ParserState(
            transitions: [
                Transition(.eof, end: [.ruleHeader, .rule, .feature], to: 42),
                Transition(.empty, to: 23),
                Transition(.comment, start: [.description], to: 24),
                Transition(.backgroundLine, end: [.ruleHeader], start: [.background], to: 25),
                Transition(.tagLine, lookahead: 0, end: [.ruleHeader], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.ruleHeader, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.ruleHeader], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.ruleHeader, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 24),
            ],
            expected: "#EOF, #Empty, #Comment, #BackgroundLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 24 - GherkinDocument:0>Feature:3>Rule:0>RuleHeader:2>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        24: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .ruleHeader, .rule, .feature], to: 42),
                Transition(.comment, to: 24),
                Transition(.backgroundLine, end: [.description, .ruleHeader], start: [.background], to: 25),
                Transition(.tagLine, lookahead: 0, end: [.description, .ruleHeader], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.description, .ruleHeader, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.description, .ruleHeader], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.description, .ruleHeader, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 24),
            ],
            expected: "#EOF, #Comment, #BackgroundLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 25 - GherkinDocument:0>Feature:3>Rule:1>Background:0>#BackgroundLine:0
        25: ParserState(
            transitions: [
                Transition(.eof, end: [.background, .rule, .feature], to: 42),
                Transition(.empty, to: 25),
                Transition(.comment, start: [.description], to: 26),
                Transition(.stepLine, start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 26),
            ],
            expected: "#EOF, #Empty, #Comment, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 26 - GherkinDocument:0>Feature:3>Rule:1>Background:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        26: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .background, .rule, .feature], to: 42),
                Transition(.comment, to: 26),
                Transition(.stepLine, end: [.description], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.description, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.description, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.description, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.description, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 26),
            ],
            expected: "#EOF, #Comment, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 27 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:0>#StepLine:0
        27: ParserState(
            transitions: [
                Transition(.eof, end: [.step, .background, .rule, .feature], to: 42),
                Transition(.tableRow, start: [.dataTable], to: 28),
                Transition(.docStringSeparator, start: [.docString], to: 46),
                Transition(.stepLine, end: [.step], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.step, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.step, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.step, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.step, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 27),
                Transition(.empty, to: 27),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 28 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:0>DataTable:0>#TableRow:0
        28: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .background, .rule, .feature], to: 42),
                Transition(.tableRow, to: 28),
                Transition(.docStringSeparator, end: [.dataTable], start: [.docString], to: 29),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.dataTable, .step, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.dataTable, .step, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 28),
                Transition(.empty, to: 28),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 29 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:0>#DocStringSeparator:0
        29: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 30),
                Transition(.other, to: 29),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 30 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:2>#DocStringSeparator:0
        30: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .background, .rule, .feature], to: 42),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.docString, .step, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.docString, .step, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.docString, .step, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 30),
                Transition(.empty, to: 30),
            ],
            expected: "#EOF, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 31 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:0>Tags:0>#TagLine:0
        31: ParserState(
            transitions: [
                Transition(.tagLine, to: 31),
                Transition(.scenarioLine, end: [.tags], start: [.scenario], to: 32),
                Transition(.comment, to: 31),
                Transition(.empty, to: 31),
            ],
            expected: "#TagLine, #ScenarioLine, #Comment, #Empty"
        ),
        // State: 32 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:0>#ScenarioLine:0
        32: ParserState(
            transitions: [
                Transition(.eof, end: [.scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.empty, to: 32),
                Transition(.comment, start: [.description], to: 33),
                Transition(.stepLine, start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 33),
            ],
            expected: "#EOF, #Empty, #Comment, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 33 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        33: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.comment, to: 33),
                Transition(.stepLine, end: [.description], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.description], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.description, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.description, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.description], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.description, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.description, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 33),
            ],
            expected: "#EOF, #Comment, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 34 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:0>#StepLine:0
        34: ParserState(
            transitions: [
                Transition(.eof, end: [.step, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.tableRow, start: [.dataTable], to: 35),
                Transition(.docStringSeparator, start: [.docString], to: 43),
                Transition(.stepLine, end: [.step], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.step], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.step], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 34),
                Transition(.empty, to: 34),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 35 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:0>DataTable:0>#TableRow:0
        35: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.tableRow, to: 35),
                Transition(.docStringSeparator, end: [.dataTable], start: [.docString], to: 36),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.dataTable, .step], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.dataTable, .step], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 35),
                Transition(.empty, to: 35),
            ],
            expected: "#EOF, #TableRow, #DocStringSeparator, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 36 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:0>#DocStringSeparator:0
        36: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 37),
                Transition(.other, to: 36),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 37 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:0>DataTableAndMaybeDocString:1>DocString:2>#DocStringSeparator:0
        37: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.docString, .step], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.docString, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.docString, .step], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.docString, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 37),
                Transition(.empty, to: 37),
            ],
            expected: "#EOF, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 38 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:0>Tags:0>#TagLine:0
        38: ParserState(
            transitions: [
                Transition(.tagLine, to: 38),
                Transition(.examplesLine, end: [.tags], start: [.examples], to: 39),
                Transition(.comment, to: 38),
                Transition(.empty, to: 38),
            ],
            expected: "#TagLine, #ExamplesLine, #Comment, #Empty"
        ),
        // State: 39 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:0>#ExamplesLine:0
        39: ParserState(
            transitions: [
                Transition(.eof, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.empty, to: 39),
                Transition(.comment, start: [.description], to: 40),
                Transition(.tableRow, start: [.examplesTable], to: 41),
                Transition(.tagLine, lookahead: 1, end: [.examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, start: [.description], to: 40),
            ],
            expected: "#EOF, #Empty, #Comment, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 40 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:1>DescriptionHelper:1>Description:0>__alt1:0>#Other:0
        40: ParserState(
            transitions: [
                Transition(.eof, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.comment, to: 40),
                Transition(.tableRow, end: [.description], start: [.examplesTable], to: 41),
                Transition(.tagLine, lookahead: 1, end: [.description, .examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.description, .examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.description, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.other, to: 40),
            ],
            expected: "#EOF, #Comment, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Other"
        ),
        // State: 41 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:3>ExamplesDefinition:1>Examples:2>ExamplesTable:0>#TableRow:0
        41: ParserState(
            transitions: [
                Transition(.eof, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.tableRow, to: 41),
                Transition(.tagLine, lookahead: 1, end: [.examplesTable, .examples, .examplesDefinition], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.examplesTable, .examples, .examplesDefinition], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.examplesTable, .examples, .examplesDefinition, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 41),
                Transition(.empty, to: 41),
            ],
            expected: "#EOF, #TableRow, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 43 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:0>#DocStringSeparator:0
        43: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 44),
                Transition(.other, to: 43),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 44 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:2>#DocStringSeparator:0
        44: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.tableRow, end: [.docString], start: [.dataTable], to: 45),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.docString, .step], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.docString, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.docString, .step], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.docString, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 44),
                Transition(.empty, to: 44),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 45 - GherkinDocument:0>Feature:3>Rule:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:1>DataTable:0>#TableRow:0
        45: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule, .feature], to: 42),
                Transition(.tableRow, to: 45),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 34),
                Transition(.tagLine, lookahead: 1, end: [.dataTable, .step], start: [.examplesDefinition, .tags], to: 38),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.dataTable, .step], start: [.examplesDefinition, .examples], to: 39),
                Transition(.scenarioLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.dataTable, .step, .scenario, .scenarioDefinition, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 45),
                Transition(.empty, to: 45),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 46 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:0>#DocStringSeparator:0
        46: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 47),
                Transition(.other, to: 46),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 47 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:2>#DocStringSeparator:0
        47: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .background, .rule, .feature], to: 42),
                Transition(.tableRow, end: [.docString], start: [.dataTable], to: 48),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.docString, .step, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.docString, .step, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.docString, .step, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 47),
                Transition(.empty, to: 47),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 48 - GherkinDocument:0>Feature:3>Rule:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:1>DataTable:0>#TableRow:0
        48: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .background, .rule, .feature], to: 42),
                Transition(.tableRow, to: 48),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 27),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .tags], to: 31),
                Transition(.tagLine, end: [.dataTable, .step, .background, .rule], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .scenario], to: 32),
                Transition(.ruleLine, end: [.dataTable, .step, .background, .rule], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 48),
                Transition(.empty, to: 48),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 49 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:0>#DocStringSeparator:0
        49: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 50),
                Transition(.other, to: 49),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 50 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:2>#DocStringSeparator:0
        50: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.tableRow, end: [.docString], start: [.dataTable], to: 51),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.docString, .step], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.docString, .step], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.docString, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 50),
                Transition(.empty, to: 50),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 51 - GherkinDocument:0>Feature:2>ScenarioDefinition:1>Scenario:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:1>DataTable:0>#TableRow:0
        51: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .scenario, .scenarioDefinition, .feature], to: 42),
                Transition(.tableRow, to: 51),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 14),
                Transition(.tagLine, lookahead: 1, end: [.dataTable, .step], start: [.examplesDefinition, .tags], to: 18),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.examplesLine, end: [.dataTable, .step], start: [.examplesDefinition, .examples], to: 19),
                Transition(.scenarioLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.dataTable, .step, .scenario, .scenarioDefinition], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 51),
                Transition(.empty, to: 51),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ExamplesLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 52 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:0>#DocStringSeparator:0
        52: ParserState(
            transitions: [
                Transition(.docStringSeparator, to: 53),
                Transition(.other, to: 52),
            ],
            expected: "#DocStringSeparator, #Other"
        ),
        // State: 53 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:0>DocString:2>#DocStringSeparator:0
        53: ParserState(
            transitions: [
                Transition(.eof, end: [.docString, .step, .background, .feature], to: 42),
                Transition(.tableRow, end: [.docString], start: [.dataTable], to: 54),
                Transition(.stepLine, end: [.docString, .step], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.docString, .step, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.docString, .step, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.docString, .step, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.docString, .step, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 53),
                Transition(.empty, to: 53),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
        // State: 54 - GherkinDocument:0>Feature:1>Background:2>Step:1>StepArg:0>__alt0:1>DocStringAndMaybeDataTable:1>DataTable:0>#TableRow:0
        54: ParserState(
            transitions: [
                Transition(.eof, end: [.dataTable, .step, .background, .feature], to: 42),
                Transition(.tableRow, to: 54),
                Transition(.stepLine, end: [.dataTable, .step], start: [.step], to: 7),
                Transition(.tagLine, lookahead: 0, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .tags], to: 11),
                Transition(.tagLine, end: [.dataTable, .step, .background], start: [.rule, .ruleHeader, .tags], to: 22),
                Transition(.scenarioLine, end: [.dataTable, .step, .background], start: [.scenarioDefinition, .scenario], to: 12),
                Transition(.ruleLine, end: [.dataTable, .step, .background], start: [.rule, .ruleHeader], to: 23),
                Transition(.comment, to: 54),
                Transition(.empty, to: 54),
            ],
            expected: "#EOF, #TableRow, #StepLine, #TagLine, #ScenarioLine, #RuleLine, #Comment, #Empty"
        ),
    ]
}
