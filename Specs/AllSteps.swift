import SpecRun

/// Every step library of the project: the composition root hands this list to the runner.
public enum AllSteps {
    public static var libraries: [any StepLibrary.Type] {
        [
            SurveySteps.self,
            QuizSteps.self,
            ChatPrepareSteps.self,
            ChatSessionSteps.self,
            OfflineChatSessionSteps.self,
            RiderChatSteps.self,
        ]
    }
}
