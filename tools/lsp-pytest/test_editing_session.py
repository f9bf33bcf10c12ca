"""A scripted editing session with `specrun lsp` through pytest-lsp (a real LSP client from PyPI, on pygls):
open a feature, read its diagnostics, fix the step, complete, jump to the definition, find references, take the
code action for an undefined step, format, and read the code lenses. Run by tools/lsp-pytest/run."""
import os
import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

SERVER = os.environ.get("SPECRUN_BIN", ".build/debug/specrun")
URI = "file://" + os.path.abspath("Features/quiz/editor-session.feature")
TEXT = """@quiz @story-load-game
Feature: An editing session
  Background:
    Given the quiz is published at "https://quiz.example.com/java-keywords"

  Scenario: Offline
    Given the customer has no conectivity
    When the customer requests to load the game
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SERVER, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities()))
    yield
    await lsp_client.shutdown_session()


async def open_document(client, text=TEXT):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=URI, language_id="gherkin", version=1, text=text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics[URI]


def at(line, character):
    return types.TextDocumentIdentifier(uri=URI), types.Position(line=line, character=character)


async def test_diagnostics_nameTheNearestDefinitionThenClearWhenTheStepIsFixed(client: LanguageClient):
    diagnostics = await open_document(client)
    assert len(diagnostics) == 1
    assert diagnostics[0].range.start.line == 6
    assert "undefined step 'the customer has no conectivity'" in diagnostics[0].message
    assert "did you mean 'the customer has no connectivity'" in diagnostics[0].message
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=TEXT.replace("conectivity", "connectivity"))]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[URI]) == []


async def test_completion_definitionAndReferencesOfAStep(client: LanguageClient):
    await open_document(client)
    document, position = at(7, 10)
    completion = await client.text_document_completion_async(types.CompletionParams(text_document=document, position=position))
    items = completion.items if hasattr(completion, "items") else completion
    assert any(item.label == "the customer requests to load the game" for item in items)
    definition = await client.text_document_definition_async(types.DefinitionParams(text_document=document, position=position))
    assert definition and definition[0].uri.endswith(".swift")
    references = await client.text_document_references_async(types.ReferenceParams(
        text_document=document, position=position, context=types.ReferenceContext(include_declaration=False)))
    # this document's step, and the suite's (Features/ is indexed)
    assert any(r.uri == URI and r.range.start.line == 7 for r in references)
    assert any(r.uri.endswith("Features/quiz/load_game.feature") for r in references)


async def test_codeActionFormattingAndCodeLenses(client: LanguageClient):
    await open_document(client, TEXT.replace("has no conectivity", "has a pet unicorn"))
    document, _ = at(6, 0)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=document, range=types.Range(start=types.Position(line=6, character=0), end=types.Position(line=6, character=0)),
        context=types.CodeActionContext(diagnostics=[])))
    titles = [action.title for action in actions]
    assert "Show the step definition to copy" in titles
    show = next(a for a in actions if a.title == "Show the step definition to copy")
    snippet = show.arguments[0]
    assert snippet.startswith('steps.given("the customer has a pet unicorn")')
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=document, options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not edits or "Scenario: Offline" in edits[0].new_text
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=document))
    assert [lens.command.arguments[0] for lens in lenses] == ["Features/quiz/editor-session.feature",
                                                              "Features/quiz/editor-session.feature:6"]
