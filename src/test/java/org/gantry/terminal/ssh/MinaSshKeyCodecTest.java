package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.util.Iterator;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.gantry.terminal.SshKeyCodec;
import org.junit.jupiter.api.Test;

class MinaSshKeyCodecTest {

    private final MinaSshKeyCodec codec = new MinaSshKeyCodec();

    @Test
    void reads_an_openssh_public_key_with_its_comment() {
        SshKeyCodec.PublicKeyInfo generated = codec.generate(SshKeyCodec.KeyKind.ED25519, "x").publicKey();
        SshKeyCodec.PublicKeyInfo read = codec.parse("  " + generated.openSsh() + " alice@laptop \n");
        assertThat(read.type()).isEqualTo("ssh-ed25519");
        assertThat(read.comment()).isEqualTo("alice@laptop");
        assertThat(read.openSsh()).isEqualTo(generated.openSsh()).doesNotContain("alice");
        assertThat(read.fingerprint()).isEqualTo(generated.fingerprint()).startsWith("SHA256:").hasSize(50);
    }

    @Test
    void a_generated_private_key_is_openssh_format_and_matches_its_public_key() throws Exception {
        for (SshKeyCodec.KeyKind kind : SshKeyCodec.KeyKind.values()) {
            SshKeyCodec.GeneratedKeyPair pair = codec.generate(kind, "bob@gantry");
            assertThat(pair.privateKeyOpenSsh()).startsWith("-----BEGIN OPENSSH PRIVATE KEY-----");
            assertThat(pair.toString()).doesNotContain("PRIVATE");
            Iterator<KeyPair> loaded = SecurityUtils.loadKeyPairIdentities(null, () -> "generated",
                    new ByteArrayInputStream(pair.privateKeyOpenSsh().getBytes(StandardCharsets.US_ASCII)), null)
                    .iterator();
            assertThat(PublicKeyEntry.toString(loaded.next().getPublic())).isEqualTo(pair.publicKey().openSsh());
        }
    }

    @Test
    void refuses_private_keys_garbage_options_and_weak_keys() {
        String privateKey = codec.generate(SshKeyCodec.KeyKind.ED25519, "x").privateKeyOpenSsh();
        assertThatThrownBy(() -> codec.parse(privateKey)).hasMessageContaining("private key");
        assertThatThrownBy(() -> codec.parse("")).hasMessageContaining("Paste a public key");
        assertThatThrownBy(() -> codec.parse("ssh-ed25519 notbase64")).hasMessageContaining("not an OpenSSH public key");
        String key = codec.generate(SshKeyCodec.KeyKind.ED25519, "x").publicKey().openSsh();
        assertThatThrownBy(() -> codec.parse("command=\"/bin/evil\" " + key)).hasMessageContaining("not an OpenSSH");
        assertThatThrownBy(() -> codec.parse(key + "\n" + key)).hasMessageContaining("one public key");
        // A 1024-bit RSA key, as old tutorials still make them.
        assertThatThrownBy(() -> codec.parse(WEAK_RSA)).hasMessageContaining("1024 bits");
    }

    private static final String WEAK_RSA = "ssh-rsa "
            + "AAAAB3NzaC1yc2EAAAADAQABAAAAgQCoq2VzcTS9GQmJSKhWs/DDh65sOwRkeNlNVqWRx8I5gYX37zHIRBUfHNhp1u"
            + "lxMtn0lHucPvOWJHG68aB588xJc6sYD+BtKL5F6sFjyDSfYdiOd53yHnG7SqzPxQ+zAuMPojbdkZ1m5RU+zCN0bCBo"
            + "B6ivEE2cNBmQAUJfub+3Pw=="
            + " weak@old";
}
