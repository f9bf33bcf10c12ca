import SpecRun
import Specs

// The composition root: the runner with this project's step libraries.
SpecRunCLI.main(libraries: AllSteps.libraries)
