// TagExpressions
