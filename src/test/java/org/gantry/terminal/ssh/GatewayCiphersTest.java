package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.Cipher;
import org.gantry.base.ssh.MinaSshClient;
import org.junit.jupiter.api.Test;

class GatewayCiphersTest {

    private static final List<NamedFactory<Cipher>> ALL = List.of(BuiltinCiphers.cc20p1305_openssh,
            BuiltinCiphers.aes128ctr, BuiltinCiphers.aes128gcm, BuiltinCiphers.aes256gcm, BuiltinCiphers.aes256ctr);
    private static final String OPENSSH_DEFAULT = "chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,"
            + "aes128-gcm@openssh.com,aes256-gcm@openssh.com";

    @Test
    void openssh_versions_are_read_from_the_identification_line() {
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3")).hasValueSatisfying(
                version -> assertThat(version).containsExactly(9, 2));
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-OpenSSH_for_Windows_8.1")).hasValueSatisfying(
                version -> assertThat(version).containsExactly(8, 1));
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-OpenSSH_6.2")).hasValueSatisfying(
                version -> assertThat(version).containsExactly(6, 2));
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-APACHE-SSHD-2.20.0")).isEmpty();
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-PuTTY_Release_0.81")).isEmpty();
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-Go")).isEmpty();
        assertThat(GatewayCiphers.openSshVersion("SSH-2.0-OpenSSH_x.y")).isEmpty();
        assertThat(GatewayCiphers.openSshVersion("")).isEmpty();
        assertThat(GatewayCiphers.openSshVersion(null)).isEmpty();
    }

    @Test
    void only_openssh_from_6_2_on_is_waited_for() {
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3")).isTrue();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_10.0")).isTrue();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_7.0")).isTrue();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_6.2")).isTrue();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_6.1")).isFalse();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-OpenSSH_5.9p1")).isFalse();
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-APACHE-SSHD-2.20.0")).isFalse();
        // another client that borrows the name later in its line is not OpenSSH
        assertThat(GatewayCiphers.waitsForClientOffer("SSH-2.0-libssh OpenSSH_9.2")).isFalse();
    }

    @Test
    void a_client_listing_aes_gcm_is_offered_aes_gcm_only() {
        assertThat(GatewayCiphers.offerTo(OPENSSH_DEFAULT, OPENSSH_DEFAULT, ALL)).extracting(NamedFactory::getName)
                .containsExactly("aes128-gcm@openssh.com", "aes256-gcm@openssh.com");
        assertThat(GatewayCiphers.offerTo("aes256-gcm@openssh.com", "aes256-gcm@openssh.com", ALL))
                .isEqualTo(MinaSshClient.AES_GCM);
    }

    @Test
    void a_client_without_aes_gcm_in_either_direction_gets_the_full_list() {
        assertThat(GatewayCiphers.offerTo("chacha20-poly1305@openssh.com", "chacha20-poly1305@openssh.com", ALL))
                .isEqualTo(ALL);
        assertThat(GatewayCiphers.offerTo(OPENSSH_DEFAULT, "aes128-ctr", ALL)).isEqualTo(ALL);
        assertThat(GatewayCiphers.offerTo(null, null, ALL)).isEqualTo(ALL);
    }

    @Test
    void the_gateways_and_its_clients_lists_put_aes_gcm_first_and_keep_the_rest() {
        assertThat(MinaSshClient.aesGcmFirst(ALL)).extracting(NamedFactory::getName).containsExactly(
                "aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes128-ctr",
                "aes256-ctr");
    }
}
