package org.gantry.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StoragePathTest {

    @Test
    void paths_are_normalized_to_slash_separated_segments() {
        assertThat(StoragePath.of("/a//b/c/").value()).isEqualTo("a/b/c");
        assertThat(StoragePath.of("").isRoot()).isTrue();
        assertThat(StoragePath.of("/").isRoot()).isTrue();
        assertThat(StoragePath.of("a b/ü.txt").name()).isEqualTo("ü.txt");
        assertThat(StoragePath.of("a/b").parent()).isEqualTo(StoragePath.of("a"));
        assertThat(StoragePath.of("a..b/.hidden").value()).isEqualTo("a..b/.hidden");
    }

    @ParameterizedTest
    @ValueSource(strings = {"..", "/../x", "a/../../b", "a/./b", "./a", "a\\..\\b", "a\u0000b", "%2e%2e/x",
            "a/%2E%2e", "a%2fb", "%5c", "a\nb", "%00", "...", "a/..../b"})
    void escapes_are_refused(String raw) {
        assertThatThrownBy(() -> StoragePath.of(raw)).isInstanceOf(StorageException.class)
                .extracting(e -> ((StorageException) e).kind()).isEqualTo(StorageException.Kind.INVALID);
    }

    @Test
    void a_child_is_one_name() {
        assertThat(StoragePath.ROOT.child("x").value()).isEqualTo("x");
        assertThatThrownBy(() -> StoragePath.of("a").child("b/c")).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> StoragePath.of("a").child("..")).isInstanceOf(StorageException.class);
    }

    @Test
    void contains_is_by_segments() {
        assertThat(StoragePath.of("a").contains(StoragePath.of("a/b"))).isTrue();
        assertThat(StoragePath.of("a").contains(StoragePath.of("ab"))).isFalse();
    }

    @Test
    void content_range_headers_parse() {
        assertThat(UploadRange.parse("bytes 0-9/100").orElseThrow().length()).isEqualTo(10);
        assertThat(UploadRange.parse("bytes */100").orElseThrow().isProbe()).isTrue();
        assertThat(UploadRange.parse(null)).isEmpty();
        assertThatThrownBy(() -> UploadRange.parse("bytes 9-0/100")).isInstanceOf(StorageException.class);
        assertThatThrownBy(() -> UploadRange.parse("bytes 0-100/100")).isInstanceOf(StorageException.class);
    }
}
