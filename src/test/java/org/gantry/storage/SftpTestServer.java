package org.gantry.storage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/** A real SFTP server on loopback (MINA SSHD's SftpSubsystem), chrooted to {@code root}, one user with a password. */
public final class SftpTestServer implements AutoCloseable {

    public static final String USER = "storage";
    public static final String PASSWORD = "sftp-test-password";

    private final SshServer server;

    public SftpTestServer(Path root, Path hostKey) throws IOException {
        this(root, hostKey, 0);
    }

    /** On a given port (0: any free one), with the host key kept in {@code hostKey} (generated when missing). */
    public SftpTestServer(Path root, Path hostKey, int port) throws IOException {
        server = SshServer.setUpDefaultServer();
        server.setHost("127.0.0.1");
        server.setPort(port);
        server.setKeyPairProvider(new SimpleGeneratorHostKeyProvider(hostKey));
        server.setPasswordAuthenticator((user, password, session) -> USER.equals(user) && PASSWORD.equals(password));
        server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
        server.setFileSystemFactory(new VirtualFileSystemFactory(root));
        server.start();
    }

    /** The root URI a storage registers: the server's root is the chroot. */
    public String rootUri() {
        return "sftp://" + USER + "@127.0.0.1:" + server.getPort() + "/";
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() throws IOException {
        server.stop(true);
    }
}
