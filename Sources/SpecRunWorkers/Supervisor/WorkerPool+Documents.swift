import Foundation
import Messages

extension WorkerPool {
    /// Makes the documents on a thread of their own, handing them to the supervisor's loop in batches through the
    /// workers' queue (bounded: a loop behind holds the making up), then `documentsEnded`
    /// (`Supervisor+Documents`). Without a maker, only the end.
    func makeDocuments(into events: WorkerEvents) {
        guard let documents else { return events.yield([.documentsEnded]) }
        let maker = DocumentMakerBox(make: documents)
        Thread.detachNewThread {
            var batch: [Envelope] = []
            batch.reserveCapacity(WorkerOutputDecoder.batchLimit)
            maker.make { envelope in
                batch.append(envelope)
                if batch.count == WorkerOutputDecoder.batchLimit {
                    events.yield([.documents(batch)])
                    batch = []
                    batch.reserveCapacity(WorkerOutputDecoder.batchLimit)
                }
            }
            events.yield(batch.isEmpty ? [.documentsEnded] : [.documents(batch), .documentsEnded])
        }
    }
}

/// The maker handed to the thread that runs it. `specrun`'s keeps no state between calls (each parses the files
/// anew), so the supervisor's own call after a crash (`remakeDocuments`, on the loop) may overlap this one.
private struct DocumentMakerBox: @unchecked Sendable {
    let make: Supervisor.DocumentMaker
}
