import SpecRunCore
import XCTest

final class DataTableDecodableTests: XCTestCase {
    struct Item: Decodable, Equatable {
        let name: String
        let count: Int
        let price: Double?
        let fragile: Bool
    }

    func test_rows_decodesEachRowByItsHeaderReadingNumbersAndBools() throws {
        let table = DataTable([["name", "count", "price", "fragile"], ["007", "2", "1.5", "yes"], ["pear", "10", "", "false"]])

        let items = try table.rows(as: Item.self)

        XCTAssertEqual(
            items,
            [
                Item(name: "007", count: 2, price: 1.5, fragile: true),
                Item(name: "pear", count: 10, price: nil, fragile: false),
            ])
    }

    func test_rows_namesTheRowAndColumnOfACellThatDoesNotFit() {
        let table = DataTable([["name", "count", "fragile"], ["apple", "two", "no"]])

        XCTAssertThrowsError(try table.rows(as: Item.self)) { error in
            XCTAssertTrue("\(error)".contains("row 1 of the table, column 'count': 'two' is not Int"), "\(error)")
        }
    }

    func test_rows_namesAMissingColumn() {
        XCTAssertThrowsError(try DataTable([["name"], ["apple"]]).rows(as: Item.self)) { error in
            XCTAssertTrue("\(error)".contains("the table has no column 'count'"), "\(error)")
        }
    }
}
