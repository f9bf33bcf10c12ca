import SpecRun
import Specs

// The composition root: the runner with this project's step libraries.
await SpecRunCLI.main(libraries: AllSteps.libraries)
