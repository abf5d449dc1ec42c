import Foundation

/// A chart whose data is missing (a portfolio that holds nothing, a range without quotes): its frame and
/// a centred "No data", so that a report keeps its layout and says why the place is empty.
/// With a `note`, it says why in a line ("No deposits or withdrawals in Jan – Dec 2023"), where an empty
/// axis (±$1 around nothing) would say nothing; a report draws that line as text under the title.
public struct NoDataChart: Chart, Hashable {
    public var frame: ChartFrame
    public var note: String?

    public init(frame: ChartFrame, note: String? = nil) {
        self.frame = frame
        self.note = note
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        b.drawNoData(in: b.drawFrame(), note: note)
        return b.scene()
    }
}
