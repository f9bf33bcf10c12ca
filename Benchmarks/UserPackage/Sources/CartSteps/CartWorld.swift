import SpecRun

/// The scenario's state for the generated cart corpus: a fresh instance for every scenario.
public final class CartWorld: World {
    var store = ""
    var user = ""
    var items = 0
    var note = ""
    public required init() {}
}
