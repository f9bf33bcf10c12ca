// Gherkin
