package org.gantry.storage.vfs;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.FileSystemOptions;
import org.apache.commons.vfs2.auth.StaticUserAuthenticator;
import org.apache.commons.vfs2.cache.NullFilesCache;
import org.apache.commons.vfs2.impl.DefaultFileSystemConfigBuilder;
import org.apache.commons.vfs2.impl.StandardFileSystemManager;
import org.apache.commons.vfs2.provider.FileProvider;
import org.apache.commons.vfs2.provider.sftp.SftpFileSystemConfigBuilder;
import org.gantry.base.GantryProperties;
import org.gantry.storage.StorageBackend;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StorageProperties;
import org.gantry.storage.StorageRoot;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Commons VFS 2 behind {@link StorageBackend}: the only code that opens a storage's files.
 * One file system manager for Gantry, without a file object cache (every resolve sees the
 * file as it is now, also when a job changed it); VFS keeps SFTP connections per root and
 * credential. Extra providers come from {@code gantry.storage.providers}.
 */
@Component
class VfsStorageBackend implements StorageBackend, DisposableBean {

    private final StandardFileSystemManager manager = new StandardFileSystemManager();
    private final Path knownHosts;

    VfsStorageBackend(StorageProperties properties, GantryProperties gantry) throws FileSystemException {
        manager.setFilesCache(new NullFilesCache());
        manager.init();
        for (Map.Entry<String, String> provider : properties.providers().entrySet()) {
            if (!manager.hasProvider(provider.getKey())) {
                manager.addProvider(provider.getKey(), instantiate(provider.getValue()));
            }
        }
        knownHosts = gantry.dataDir().resolve("ssh").resolve("storage_known_hosts");
    }

    private static FileProvider instantiate(String className) {
        try {
            return (FileProvider) Class.forName(className).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("gantry.storage.providers: " + className + " is not a Commons VFS"
                    + " file provider on the classpath", e);
        }
    }

    @Override
    public Optional<String> checkUri(StorageKind kind, String rootUri) {
        if (rootUri == null || rootUri.isBlank()) {
            return Optional.of("The root URI is required");
        }
        switch (kind) {
            case LOCAL -> {
                String path = rootUri.startsWith("file://") ? rootUri.substring("file://".length()) : rootUri;
                if (!path.startsWith("/")) {
                    return Optional.of("A local storage's root is an absolute directory, such as /srv/data");
                }
            }
            case SFTP -> {
                try {
                    URI uri = new URI(rootUri);
                    if (!"sftp".equals(uri.getScheme()) || uri.getHost() == null || uri.getUserInfo() == null) {
                        return Optional.of("An SFTP root is sftp://user@host[:port]/absolute/path");
                    }
                    if (uri.getUserInfo().contains(":")) {
                        return Optional.of("Put the password in the credentials field, not in the URI");
                    }
                } catch (URISyntaxException e) {
                    return Optional.of("The root URI is not a URI: " + e.getReason());
                }
            }
            case VFS -> {
                int colon = rootUri.indexOf(':');
                String scheme = colon > 0 ? rootUri.substring(0, colon) : "";
                if (!manager.hasProvider(scheme)) {
                    return Optional.of("No Commons VFS provider for '" + scheme + "'; add one under"
                            + " gantry.storage.providers");
                }
            }
            default -> throw new IllegalArgumentException(kind.name());
        }
        return Optional.empty();
    }

    @Override
    public StorageRoot open(StorageKind kind, String rootUri, Optional<String> password) {
        return open(kind, rootUri, password, Optional.empty());
    }

    @Override
    public StorageRoot open(StorageKind kind, String rootUri, Optional<String> password, Optional<String> hostKey) {
        checkUri(kind, rootUri).ifPresent(problem -> {
            throw new StorageException(StorageException.Kind.INVALID, problem);
        });
        FileSystemOptions options = new FileSystemOptions();
        if (kind == StorageKind.SFTP) {
            SftpFileSystemConfigBuilder sftp = SftpFileSystemConfigBuilder.getInstance();
            sftp.setUserDirIsRoot(options, false);
            sftp.setSessionTimeout(options, Duration.ofSeconds(30));
            sftp.setConnectTimeout(options, Duration.ofSeconds(15));
            try {
                if (hostKey.isPresent()) {
                    // the key pinned at registration, alone in a file of its own: any other key is refused
                    sftp.setStrictHostKeyChecking(options, "yes");
                    sftp.setKnownHosts(options, pinnedKeyFile(hostKey.get()).toFile());
                } else {
                    // registered before keys were pinned: recorded on first use (docs/decisions/0014-storages.md)
                    sftp.setStrictHostKeyChecking(options, "no");
                    Files.createDirectories(knownHosts.getParent());
                    if (!Files.exists(knownHosts)) {
                        Files.createFile(knownHosts);
                    }
                    sftp.setKnownHosts(options, knownHosts.toFile());
                }
            } catch (java.io.IOException e) {
                throw new StorageException(StorageException.Kind.UNAVAILABLE, "Cannot keep SFTP host keys: " + e.getMessage(), e);
            }
        }
        password.ifPresent(secret -> {
            String user = userOf(rootUri);
            DefaultFileSystemConfigBuilder.getInstance().setUserAuthenticator(options,
                    new StaticUserAuthenticator(null, user, secret));
        });
        String uri = kind == StorageKind.LOCAL && rootUri.startsWith("/") ? Path.of(rootUri).toUri().toString() : rootUri;
        try {
            FileObject root = manager.resolveFile(uri, options);
            Optional<Path> localRoot = Optional.empty();
            if ("file".equals(root.getName().getScheme())) {
                Path dir = root.getPath();
                Files.createDirectories(dir);
                localRoot = Optional.of(dir.toRealPath());
            }
            return new VfsStorageRoot(root, localRoot);
        } catch (java.io.IOException e) {
            throw new StorageException(StorageException.Kind.UNAVAILABLE, "The storage cannot be opened: "
                    + VfsStorageRoot.reason(e), e);
        }
    }

    /** A known_hosts file holding only this line, named by its hash so that equal keys share one. */
    private Path pinnedKeyFile(String knownHostsLine) throws java.io.IOException {
        String line = knownHostsLine.strip();
        Path file = knownHosts.resolveSibling("storage-keys").resolve(sha256(line) + ".known_hosts");
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            Path part = Files.createTempFile(file.getParent(), ".key", ".part");
            Files.writeString(part, line + "\n");
            Files.move(part, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    @Override
    public String hostKey(String rootUri) {
        URI uri;
        try {
            uri = new URI(rootUri);
        } catch (URISyntaxException e) {
            throw new StorageException(StorageException.Kind.INVALID, "The root URI is not a URI: " + e.getReason());
        }
        int port = uri.getPort() < 0 ? 22 : uri.getPort();
        Session session = null;
        try {
            session = new JSch().getSession(uri.getUserInfo(), uri.getHost(), port);
            // only the key exchange is wanted: the key is read before any authentication
            session.setConfig("StrictHostKeyChecking", "no");
            session.setConfig("PreferredAuthentications", "none,password");
            try {
                session.connect(15_000);
            } catch (JSchException authenticationOrLater) {
                if (session.getHostKey() == null) {
                    throw authenticationOrLater;
                }
            }
            HostKey key = session.getHostKey();
            return key.getHost() + " " + key.getType() + " " + key.getKey();
        } catch (JSchException e) {
            throw new StorageException(StorageException.Kind.UNAVAILABLE, "Cannot reach the SFTP server "
                    + uri.getHost() + ":" + port + " to record its host key: " + VfsStorageRoot.reason(e), e);
        } finally {
            if (session != null) {
                session.disconnect();
            }
        }
    }

    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String userOf(String rootUri) {
        try {
            String info = new URI(rootUri).getUserInfo();
            return info == null ? null : info;
        } catch (URISyntaxException e) {
            return null;
        }
    }

    @Override
    public void destroy() {
        manager.close();
    }
}
