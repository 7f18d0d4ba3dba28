package org.gantry.storage.vfs.pai;

import java.util.Collection;
import java.util.List;
import org.apache.commons.vfs2.Capability;
import org.apache.commons.vfs2.FileName;
import org.apache.commons.vfs2.FileSystem;
import org.apache.commons.vfs2.FileSystemConfigBuilder;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.FileSystemOptions;
import org.apache.commons.vfs2.provider.AbstractOriginatingFileProvider;
import org.apache.commons.vfs2.provider.GenericFileName;
import org.apache.commons.vfs2.provider.HostFileNameParser;

/**
 * Commons VFS provider of {@code pai://ALIAS/STORAGE/PATH}: Gantry's storages over its REST
 * API, so the server checks who asks and keeps every path inside its storage's root. The root
 * {@code pai://ALIAS/} lists the caller's storages. Registered for the {@code pai} scheme by
 * {@code META-INF/vfs-providers.xml}; the server and token come from
 * {@link PaiFileSystemConfigBuilder}.
 */
public class PaiFileProvider extends AbstractOriginatingFileProvider {

    static final List<Capability> CAPABILITIES = List.of(Capability.CREATE, Capability.DELETE, Capability.RENAME,
            Capability.GET_TYPE, Capability.LIST_CHILDREN, Capability.READ_CONTENT, Capability.WRITE_CONTENT,
            Capability.GET_LAST_MODIFIED, Capability.URI);

    public PaiFileProvider() {
        setFileNameParser(new HostFileNameParser(-1));
    }

    @Override
    protected FileSystem doCreateFileSystem(FileName rootName, FileSystemOptions options) throws FileSystemException {
        PaiFileSystemConfigBuilder config = PaiFileSystemConfigBuilder.getInstance();
        String server = options == null ? null : config.getServer(options);
        String token = options == null ? null : config.getToken(options);
        if (server == null || token == null) {
            throw new PaiException(0, rootName + " needs a Gantry server and a token: set them with"
                    + " PaiFileSystemConfigBuilder (the gantry CLI takes them from its clusters)");
        }
        return new PaiFileSystem((GenericFileName) rootName, new PaiRest(server, token), options);
    }

    @Override
    public FileSystemConfigBuilder getConfigBuilder() {
        return PaiFileSystemConfigBuilder.getInstance();
    }

    @Override
    public Collection<Capability> getCapabilities() {
        return CAPABILITIES;
    }
}
