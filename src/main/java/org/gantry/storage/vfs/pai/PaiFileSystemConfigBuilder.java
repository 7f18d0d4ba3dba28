package org.gantry.storage.vfs.pai;

import org.apache.commons.vfs2.FileSystem;
import org.apache.commons.vfs2.FileSystemConfigBuilder;
import org.apache.commons.vfs2.FileSystemOptions;

/**
 * Where {@code pai://ALIAS/…} lives: the Gantry server's address and the token to send. The
 * alias is only a name; the options carry the server, so one program may open several.
 */
public final class PaiFileSystemConfigBuilder extends FileSystemConfigBuilder {

    private static final PaiFileSystemConfigBuilder INSTANCE = new PaiFileSystemConfigBuilder();
    private static final String SERVER = "server";
    private static final String TOKEN = "token";

    private PaiFileSystemConfigBuilder() {
        super("pai.");
    }

    public static PaiFileSystemConfigBuilder getInstance() {
        return INSTANCE;
    }

    /** The server as {@code http(s)://host:port[/context]}. */
    public void setServer(FileSystemOptions options, String server) {
        setParam(options, SERVER, server);
    }

    public String getServer(FileSystemOptions options) {
        return getString(options, SERVER);
    }

    /** A Gantry API token (Settings: tokens, or {@code gantry cluster add}). */
    public void setToken(FileSystemOptions options, String token) {
        setParam(options, TOKEN, token);
    }

    public String getToken(FileSystemOptions options) {
        return getString(options, TOKEN);
    }

    @Override
    protected Class<? extends FileSystem> getConfigClass() {
        return PaiFileSystem.class;
    }
}
