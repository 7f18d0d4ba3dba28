package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretCipherTest {

    @TempDir
    Path dataDir;

    @Test
    void a_sealed_value_opens_only_for_its_context_and_never_shows_the_plaintext() {
        SecretCipher cipher = new SecretCipher(SecretCipher.loadOrCreateKey(dataDir.resolve(SecretCipher.KEY_FILE)));
        byte[] sealed = cipher.seal("token: s3cr3t-value", "alice~train");

        assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("s3cr3t");
        assertThat(cipher.open(sealed, "alice~train")).isEqualTo("token: s3cr3t-value");
        assertThatThrownBy(() -> cipher.open(sealed, "bob~train")).isInstanceOf(IllegalArgumentException.class);
        sealed[sealed.length - 1] ^= 1;
        assertThatThrownBy(() -> cipher.open(sealed, "alice~train")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void the_same_plaintext_seals_differently_each_time() {
        SecretCipher cipher = new SecretCipher(new byte[32]);
        assertThat(cipher.seal("x", "c")).isNotEqualTo(cipher.seal("x", "c"));
    }

    @Test
    void a_generated_key_is_kept_readable_by_its_owner_only_and_reused() throws Exception {
        Path file = dataDir.resolve("nested").resolve(SecretCipher.KEY_FILE);
        byte[] first = SecretCipher.loadOrCreateKey(file);

        assertThat(first).hasSize(32);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(SecretCipher.loadOrCreateKey(file)).isEqualTo(first);
        byte[] sealed = new SecretCipher(first).seal("v", "c");
        assertThat(new SecretCipher(SecretCipher.loadOrCreateKey(file)).open(sealed, "c")).isEqualTo("v");
    }

    @Test
    void a_key_of_the_wrong_size_is_refused() {
        assertThatThrownBy(() -> new SecretCipher(new byte[16])).hasMessageContaining("256 bits");
    }
}
