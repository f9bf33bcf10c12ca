// Quiz
