import Messages

/// The step texts of the pickles compiled with it, each distinct text stored once: a runner keeps every selected
/// pickle for the run (50,000 of them, 350,000 steps saying a few hundred different things, in a large suite).
/// Shared as the steps are made, so no pickle is copied to share them afterwards. Texts of up to 15 bytes are
/// stored inline in the string itself and are left alone.
public final class StepTextPool {
    private var texts: Set<String> = []

    public init() {}

    func shared(_ text: String) -> String {
        text.utf8.count > 15 ? texts.shared(text) : text
    }
}
