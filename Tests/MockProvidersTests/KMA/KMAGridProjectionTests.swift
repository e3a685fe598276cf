import Basics
import Testing

/// The shared Lambert conformal conic grid both ways on the reference cells
/// (places-and-routes.md, kma-vilage-fcst.md §6).
@Suite struct KMAGridProjectionTests {
    @Test(arguments: [
        (37.5665, 126.9780, 60, 127),  // Seoul City Hall
        (37.56357, 126.98001, 60, 127),  // Seoul (places-and-routes.md)
        (35.86854, 128.60355, 89, 90),  // Daegu metropolitan city
        (37.517829, 126.886270, 58, 126),  // Yeongdeungpo (the SeSAC campus)
        (35.1796, 129.0756, 98, 76),  // Busan City Hall
    ])
    func aPointFallsInItsReferenceCell(latitude: Double, longitude: Double, x: Int, y: Int) {
        let cell = KMAGridProjection.cell(latitude: latitude, longitude: longitude)
        #expect(cell.x == x && cell.y == y)
    }

    @Test(arguments: [(60, 127, 37.5799, 126.9894), (89, 90, 35.8475, 128.6062)])
    func aCellsCentreIsTheReferencePoint(x: Int, y: Int, latitude: Double, longitude: Double) {
        let centre = KMAGridProjection.centre(x: x, y: y)
        #expect(abs(centre.latitude - latitude) < 0.0005)
        #expect(abs(centre.longitude - longitude) < 0.0005)
    }

    @Test(arguments: [(60, 127), (89, 90), (58, 126), (1, 1), (149, 253), (43, 136)])
    func aCellsCentreFallsBackInTheCell(x: Int, y: Int) {
        let centre = KMAGridProjection.centre(x: x, y: y)
        let cell = KMAGridProjection.cell(latitude: centre.latitude, longitude: centre.longitude)
        #expect(cell.x == x && cell.y == y)
    }
}
