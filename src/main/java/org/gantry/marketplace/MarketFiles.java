package org.gantry.marketplace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Files attached to items: uploaded by the author to the item's latest version, bounded in
 * size, checked by content ({@link FileKinds}), kept in the {@link ItemFileStore}. Anyone who
 * may see the item may download the files of its published version; its author and
 * administrators those of any version.
 */
@Service
public class MarketFiles {

    /** Default bound on one file: 50 MiB. */
    public static final long DEFAULT_MAX_BYTES = 50L * 1024 * 1024;

    private final NamedParameterJdbcTemplate jdbc;
    private final MarketplaceService items;
    private final ItemFileStore store;
    private final Clock clock;
    private final long maxBytes;

    MarketFiles(NamedParameterJdbcTemplate jdbc, MarketplaceService items, ItemFileStore store, Clock clock,
                @Value("${gantry.marketplace.max-file-bytes:" + DEFAULT_MAX_BYTES + "}") long maxBytes) {
        this.jdbc = jdbc;
        this.items = items;
        this.store = store;
        this.clock = clock;
        this.maxBytes = maxBytes;
    }

    public long maxBytes() {
        return maxBytes;
    }

    /** Stores {@code in} as {@code name} in the item's latest version; the caller closes {@code in}. */
    @Transactional
    public ItemFile upload(String ref, String name, InputStream in) {
        FileKinds.checkName(name).ifPresent(problem -> {
            throw MarketplaceException.invalid(problem);
        });
        Viewer viewer = items.viewer();
        MarketItem item = items.requireEditable(ref, viewer);
        int version = item.latestVersion();
        ItemFileStore.StoredFile stored;
        try {
            stored = store.store(item.id(), version, name, in, maxBytes);
        } catch (ItemFileStore.FileTooLargeException e) {
            throw new MarketplaceException(MarketplaceException.Kind.TOO_LARGE, "File " + name + " is larger than "
                    + maxBytes / (1024 * 1024) + " MiB, the limit for one file.");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String contentType;
        try {
            contentType = FileKinds.contentType(name, stored.head());
        } catch (MarketplaceException refused) {
            deleteQuietly(item.id(), version, name);
            throw refused;
        }
        var params = new MapSqlParameterSource("id", item.id()).addValue("v", version).addValue("name", name)
                .addValue("size", stored.size()).addValue("type", contentType).addValue("sha", stored.sha256())
                .addValue("now", Timestamp.from(clock.instant()));
        jdbc.update("insert into market_file (item_id, version, name, size, content_type, sha256, created_at)"
                + " values (:id, :v, :name, :size, :type, :sha, :now) on conflict (item_id, name, version)"
                + " do update set size = :size, content_type = :type, sha256 = :sha, created_at = :now", params);
        items.record(item.id(), viewer, "file", "uploaded " + name + " (" + stored.size() + " bytes) to version "
                + version);
        return new ItemFile(name, version, stored.size(), contentType, stored.sha256());
    }

    /** The files of a version the caller may see (the published one, or the latest for the author). */
    @Transactional(readOnly = true)
    public List<ItemFile> list(String ref, Optional<Integer> version) {
        MarketItem item = items.get(ref);
        int v = visibleVersion(item, version);
        return jdbc.query("select distinct on (name) name, version, size, content_type, sha256 from market_file"
                + " where item_id = :id and version <= :v order by name, version desc",
                new MapSqlParameterSource("id", item.id()).addValue("v", v),
                (rs, n) -> new ItemFile(rs.getString("name"), rs.getInt("version"), rs.getLong("size"),
                        rs.getString("content_type"), rs.getString("sha256")));
    }

    /** Opens a file for download and counts the download; the caller closes the stream. */
    @Transactional
    public Download download(String ref, String name, Optional<Integer> version) {
        MarketItem item = items.get(ref);
        ItemFile file = list(ref, version).stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new MarketplaceException(MarketplaceException.Kind.NOT_FOUND, "Item " + item.name()
                        + " has no file " + name + "."));
        try {
            InputStream in = store.open(item.id(), file.version(), file.name());
            items.countDownload(item.id());
            return new Download(file, in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Removes a file from the item (every version of it); author or admin. */
    @Transactional
    public void delete(String ref, String name) {
        Viewer viewer = items.viewer();
        MarketItem item = items.requireEditable(ref, viewer);
        List<Integer> versions = jdbc.queryForList("delete from market_file where item_id = :id and name = :name"
                + " returning version", new MapSqlParameterSource("id", item.id()).addValue("name", name), Integer.class);
        if (versions.isEmpty()) {
            throw new MarketplaceException(MarketplaceException.Kind.NOT_FOUND, "Item " + item.name() + " has no file "
                    + name + ".");
        }
        versions.forEach(v -> deleteQuietly(item.id(), v, name));
        items.record(item.id(), viewer, "file", "deleted " + name);
    }

    private int visibleVersion(MarketItem item, Optional<Integer> asked) {
        Viewer viewer = items.viewer();
        boolean editor = viewer.admin() || item.author().equals(viewer.username());
        int newest = editor ? item.latestVersion() : item.publishedVersion().orElse(0);
        int v = asked.orElse(newest);
        if (v < 1 || v > newest) {
            throw new MarketplaceException(MarketplaceException.Kind.NOT_FOUND, "Version " + v + " of item "
                    + item.name() + " is not found.");
        }
        return v;
    }

    private void deleteQuietly(long itemId, int version, String name) {
        try {
            store.delete(itemId, version, name);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A file's metadata: the version that holds it, its size, content type and SHA-256. */
    public record ItemFile(String name, int version, long size, String contentType, String sha256) {
    }

    /** A file opened for reading. */
    public record Download(ItemFile file, InputStream in) {
    }
}
