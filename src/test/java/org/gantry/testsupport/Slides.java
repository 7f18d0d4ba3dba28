package org.gantry.testsupport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/** Slides for tests: the smallest OpenDocument presentation LibreOffice opens, one page with one line of text. */
public final class Slides {

    private Slides() {
    }

    public static byte[] odp(String text) {
        String content = """
                <?xml version="1.0" encoding="UTF-8"?>
                <office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
                xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" \
                xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" \
                xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2">\
                <office:body><office:presentation><draw:page draw:name="page1"><draw:frame svg:x="2cm" svg:y="2cm" \
                svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>%s</text:p></draw:text-box></draw:frame>\
                </draw:page></office:presentation></office:body></office:document-content>""".formatted(text);
        String manifest = """
                <?xml version="1.0" encoding="UTF-8"?>
                <manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" \
                manifest:version="1.2"><manifest:file-entry manifest:full-path="/" \
                manifest:media-type="application/vnd.oasis.opendocument.presentation"/><manifest:file-entry \
                manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>""";
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
                // OpenDocument wants the media type first and uncompressed
                byte[] type = "application/vnd.oasis.opendocument.presentation".getBytes(StandardCharsets.US_ASCII);
                ZipEntry mimetype = new ZipEntry("mimetype");
                mimetype.setMethod(ZipEntry.STORED);
                mimetype.setSize(type.length);
                CRC32 crc = new CRC32();
                crc.update(type);
                mimetype.setCrc(crc.getValue());
                zip.putNextEntry(mimetype);
                zip.write(type);
                zip.putNextEntry(new ZipEntry("META-INF/manifest.xml"));
                zip.write(manifest.getBytes(StandardCharsets.UTF_8));
                zip.putNextEntry(new ZipEntry("content.xml"));
                zip.write(content.getBytes(StandardCharsets.UTF_8));
            }
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
