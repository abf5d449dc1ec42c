import Foundation

/// A chart whose data is missing (a portfolio that holds nothing, a range without quotes): its frame and
/// a centred "No data", so that a report keeps its layout and says why the place is empty.
public struct NoDataChart: Chart, Hashable {
    public var frame: ChartFrame

    public init(frame: ChartFrame) { self.frame = frame }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        b.drawNoData(in: b.drawFrame())
        return b.scene()
    }
}
