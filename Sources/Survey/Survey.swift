// Survey
