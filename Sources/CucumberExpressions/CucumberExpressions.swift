// CucumberExpressions
