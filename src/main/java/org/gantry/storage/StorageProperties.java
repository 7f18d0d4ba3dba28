package org.gantry.storage;

import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Storage settings.
 *
 * @param homeRoot Directory holding every user's personal storage, one folder per user; defaults to {@code <data-dir>/homes}.
 * @param maxUploadSize Largest file a single upload may write.
 * @param providers Extra Commons VFS providers, scheme to provider class name (for example {@code webdav4: org.apache.commons.vfs2.provider.webdav4.Webdav4FileProvider}).
 * @param listPageSize Entries in one page of a directory listing when the client asks for none.
 */
@ConfigurationProperties("gantry.storage")
public record StorageProperties(Path homeRoot, DataSize maxUploadSize, Map<String, String> providers,
                                Integer listPageSize) {

    public static final int MAX_PAGE = 5000;

    public StorageProperties {
        maxUploadSize = maxUploadSize == null ? DataSize.ofGigabytes(50) : maxUploadSize;
        providers = providers == null ? Map.of() : Map.copyOf(providers);
        listPageSize = listPageSize == null ? 500 : Math.min(listPageSize, MAX_PAGE);
    }
}
