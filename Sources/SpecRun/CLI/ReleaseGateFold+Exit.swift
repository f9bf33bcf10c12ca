import SpecRunCore
import SpecRunReports

extension ReleaseGateFold {
    /// `--gate`: a fold of the run's stream for `ExitStatus`.
    static func exitGate() -> ExitStatus.Gate {
        let fold = ReleaseGateFold()
        return ExitStatus.Gate(handle: fold.handle, blocked: { fold.blocked })
    }
}
