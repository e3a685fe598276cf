import Testing

@testable import LocalTLS

@Suite struct OpenSSLLibraryTests {
    @Test func loadsOpenSSL3AndSaysWhichOne() throws {
        try OpenSSLLibrary.load()
        let description = try #require(OpenSSLLibrary.description)
        #expect(description.version.hasPrefix("OpenSSL 3."))
        #expect(description.path.contains("libssl"))
    }

    @Test func aMissingLibraryErrorSaysHowToInstallIt() {
        let error = TLSError.libraryMissing("OpenSSL 3 was not found: tried libssl.so.3 (not found)")
        #expect(error.description.contains("apt install libssl3"))
        #expect(error.description.contains("MOCKWEATHER_OPENSSL_DIR"))
        #expect(error.description.contains("Plain HTTP works without it"))
    }
}
