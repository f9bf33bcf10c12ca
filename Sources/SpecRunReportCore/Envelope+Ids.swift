import Messages

/// Every id an envelope makes and every id it refers to, passed through one function: how `EnvelopeStreams`
/// renames the ids of a stream (a prefix per stream; dropped duplicate definitions pointed at the kept one).
/// Written field by field, so the compiler sees each one (a new id field in Messages must be added here).
extension Envelope {
    func mappingIds(_ map: (String) -> String) -> Envelope {
        var envelope = self
        if var value = attachment {
            value.testCaseStartedId = value.testCaseStartedId.map(map)
            value.testStepId = value.testStepId.map(map)
            value.testRunStartedId = value.testRunStartedId.map(map)
            value.testRunHookStartedId = value.testRunHookStartedId.map(map)
            envelope.attachment = value
        }
        if var value = externalAttachment {
            value.testCaseStartedId = value.testCaseStartedId.map(map)
            value.testStepId = value.testStepId.map(map)
            value.testRunHookStartedId = value.testRunHookStartedId.map(map)
            envelope.externalAttachment = value
        }
        if var value = gherkinDocument, var feature = value.feature {
            feature.tags = feature.tags.map { $0.mappingIds(map) }
            feature.children = feature.children.map { child in
                var child = child
                child.background = child.background.map { $0.mappingIds(map) }
                child.scenario = child.scenario.map { $0.mappingIds(map) }
                child.rule = child.rule.map { rule in
                    var rule = rule
                    rule.id = map(rule.id)
                    rule.tags = rule.tags.map { $0.mappingIds(map) }
                    rule.children = rule.children.map { child in
                        var child = child
                        child.background = child.background.map { $0.mappingIds(map) }
                        child.scenario = child.scenario.map { $0.mappingIds(map) }
                        return child
                    }
                    return rule
                }
                return child
            }
            value.feature = feature
            envelope.gherkinDocument = value
        }
        if var value = hook { value.id = map(value.id); envelope.hook = value }
        if var value = parameterType { value.id = map(value.id); envelope.parameterType = value }
        if var value = stepDefinition { value.id = map(value.id); envelope.stepDefinition = value }
        if var value = pickle {
            value.id = map(value.id)
            value.astNodeIds = value.astNodeIds.map(map)
            value.steps = value.steps.map { step in
                var step = step
                step.id = map(step.id)
                step.astNodeIds = step.astNodeIds.map(map)
                return step
            }
            value.tags = value.tags.map { tag in
                var tag = tag
                tag.astNodeId = map(tag.astNodeId)
                return tag
            }
            envelope.pickle = value
        }
        if var value = suggestion {
            value.id = map(value.id)
            value.pickleStepId = map(value.pickleStepId)
            envelope.suggestion = value
        }
        if var value = testCase {
            value.id = map(value.id)
            value.pickleId = map(value.pickleId)
            value.testRunStartedId = value.testRunStartedId.map(map)
            value.testSteps = value.testSteps.map { step in
                var step = step
                step.id = map(step.id)
                step.pickleStepId = step.pickleStepId.map(map)
                step.hookId = step.hookId.map(map)
                step.stepDefinitionIds = step.stepDefinitionIds?.map(map)
                return step
            }
            envelope.testCase = value
        }
        if var value = testCaseStarted {
            value.id = map(value.id)
            value.testCaseId = map(value.testCaseId)
            envelope.testCaseStarted = value
        }
        if var value = testCaseFinished {
            value.testCaseStartedId = map(value.testCaseStartedId)
            envelope.testCaseFinished = value
        }
        if var value = testStepStarted {
            value.testCaseStartedId = map(value.testCaseStartedId)
            value.testStepId = map(value.testStepId)
            envelope.testStepStarted = value
        }
        if var value = testStepFinished {
            value.testCaseStartedId = map(value.testCaseStartedId)
            value.testStepId = map(value.testStepId)
            envelope.testStepFinished = value
        }
        if var value = testRunStarted { value.id = value.id.map(map); envelope.testRunStarted = value }
        if var value = testRunFinished {
            value.testRunStartedId = value.testRunStartedId.map(map)
            envelope.testRunFinished = value
        }
        if var value = testRunHookStarted {
            value.id = map(value.id)
            value.testRunStartedId = map(value.testRunStartedId)
            value.hookId = map(value.hookId)
            envelope.testRunHookStarted = value
        }
        if var value = testRunHookFinished {
            value.testRunHookStartedId = map(value.testRunHookStartedId)
            envelope.testRunHookFinished = value
        }
        return envelope
    }
}

private extension Tag {
    func mappingIds(_ map: (String) -> String) -> Tag {
        var tag = self
        tag.id = map(id)
        return tag
    }
}

private extension Step {
    func mappingIds(_ map: (String) -> String) -> Step {
        var step = self
        step.id = map(id)
        if var table = dataTable {
            table.rows = table.rows.map { $0.mappingIds(map) }
            step.dataTable = table
        }
        return step
    }
}

private extension TableRow {
    func mappingIds(_ map: (String) -> String) -> TableRow {
        var row = self
        row.id = map(id)
        return row
    }
}

private extension Background {
    func mappingIds(_ map: (String) -> String) -> Background {
        var background = self
        background.id = map(id)
        background.steps = steps.map { $0.mappingIds(map) }
        return background
    }
}

private extension Scenario {
    func mappingIds(_ map: (String) -> String) -> Scenario {
        var scenario = self
        scenario.id = map(id)
        scenario.tags = tags.map { $0.mappingIds(map) }
        scenario.steps = steps.map { $0.mappingIds(map) }
        scenario.examples = examples.map { examples in
            var examples = examples
            examples.id = map(examples.id)
            examples.tags = examples.tags.map { $0.mappingIds(map) }
            examples.tableHeader = examples.tableHeader.map { $0.mappingIds(map) }
            examples.tableBody = examples.tableBody.map { $0.mappingIds(map) }
            return examples
        }
        return scenario
    }
}
