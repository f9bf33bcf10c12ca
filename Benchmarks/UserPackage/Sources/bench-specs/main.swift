import CartSteps
import SpecRun
import WaitSteps

// The composition root, as in a user's package: the runner with this package's step libraries.
await SpecRunCLI.main(libraries: [CartSteps.self, WaitSteps.self, ComputeSteps.self])
