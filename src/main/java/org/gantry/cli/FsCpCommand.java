package org.gantry.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.gantry.storage.vfs.pai.PaiEntry;
import org.gantry.storage.vfs.pai.PaiFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gantry fs cp [-r] SOURCE… TARGET}: between this machine and storages, streamed with a
 * progress bar; uploads resume where a broken one stopped, downloads continue a part file a
 * broken one left ({@code Range}), every file's SHA-256 is checked
 * against the server's. Between two addresses of one cluster the server copies.
 */
@Command(name = "cp", description = "Copy files and folders between this machine and storages (pai://STORAGE/PATH),"
        + " or between storages of a cluster.")
class FsCpCommand implements Callable<Integer> {

    @Parameters(arity = "2..*", paramLabel = "SOURCE... TARGET",
            description = "Local paths and pai://[ALIAS/]STORAGE/PATH addresses; a TARGET that is a folder receives"
                    + " the sources under their own names")
    List<String> paths = new ArrayList<>();

    @Option(names = {"-r", "--recursive"}, description = "Copy folders with their contents")
    boolean recursive;

    private PaiFiles files;

    @Override
    public Integer call() throws Exception {
        List<String> sources = paths.subList(0, paths.size() - 1);
        String target = paths.get(paths.size() - 1);
        try (PaiLocations locations = PaiLocations.open()) {
            files = locations.files();
            for (String source : sources) {
                boolean fromStorage = PaiLocations.isRemote(source);
                boolean toStorage = PaiLocations.isRemote(target);
                if (fromStorage && toStorage) {
                    files.transfer(locations.url(source), into(locations, source, target), false);
                } else if (toStorage) {
                    upload(PaiLocations.local(source), into(locations, source, target));
                } else if (fromStorage) {
                    String url = locations.url(source);
                    PaiEntry entry = files.stat(url).orElseThrow(() -> new CliException("No such file or folder: "
                            + source));
                    Path local = PaiLocations.local(target);
                    if (Files.isDirectory(local)) {
                        local = local.resolve(entry.name().isEmpty() ? "storage" : entry.name());
                    }
                    download(url, entry, local);
                } else {
                    throw new CliException("One side of gantry fs cp is a storage (pai://STORAGE/PATH); for two local"
                            + " paths use cp");
                }
            }
        }
        return 0;
    }

    /** The target address for {@code source}: inside {@code target} when that is a folder (or ends with a slash). */
    static String into(PaiLocations locations, String source, String target) throws IOException {
        String url = locations.url(target);
        boolean folder = target.endsWith("/") || locations.files().stat(url).map(PaiEntry::directory).orElse(false);
        if (!folder) {
            return url;
        }
        String trimmed = source.replaceAll("/+$", "");
        String name = trimmed.substring(trimmed.lastIndexOf('/') + 1);
        return url.replaceAll("/+$", "") + "/" + name;
    }

    private void upload(Path local, String url) throws IOException {
        if (Files.isDirectory(local)) {
            if (!recursive) {
                throw new CliException(local + " is a folder: copy it with -r");
            }
            files.mkdir(url);
            try (Stream<Path> children = Files.list(local)) {
                for (Path child : children.sorted().toList()) {
                    upload(child, url + "/" + child.getFileName());
                }
            }
            return;
        }
        if (!Files.isRegularFile(local)) {
            throw new CliException("No such file: " + local);
        }
        TransferProgress progress = new TransferProgress(local.getFileName().toString(), Files.size(local));
        PaiFiles.Uploaded uploaded;
        try {
            uploaded = files.upload(local, url, progress);
        } finally {
            progress.finish();
        }
        System.out.println("uploaded " + local + " to " + url + ": " + uploaded.bytes() + " bytes"
                + (uploaded.resumedAt() > 0 ? ", resumed at byte " + uploaded.resumedAt() : "")
                + ", sha256 " + uploaded.sha256());
    }

    private void download(String url, PaiEntry entry, Path local) throws IOException {
        if (entry.directory()) {
            if (!recursive) {
                throw new CliException(url + " is a folder: copy it with -r");
            }
            Files.createDirectories(local);
            for (PaiEntry child : files.list(url)) {
                if (child.name().isEmpty() || child.name().contains("/") || child.name().equals(".")
                        || child.name().equals("..")) {
                    throw new CliException(url + " lists an entry that is no file name: '" + child.name() + "'");
                }
                download(url.replaceAll("/+$", "") + "/" + child.name(), child, local.resolve(child.name()));
            }
            return;
        }
        Optional<Path> parent = Optional.ofNullable(local.toAbsolutePath().getParent());
        if (parent.isPresent() && !Files.isDirectory(parent.get())) {
            throw new CliException("No such folder: " + parent.get());
        }
        TransferProgress progress = new TransferProgress(entry.name(), entry.size());
        PaiFiles.Downloaded downloaded;
        try {
            downloaded = files.download(url, local, progress);
        } finally {
            progress.finish();
        }
        System.out.println("downloaded " + url + " to " + local + ": " + downloaded.bytes() + " bytes"
                + (downloaded.resumedAt() > 0 ? ", resumed at byte " + downloaded.resumedAt() : "")
                + ", sha256 " + downloaded.sha256() + " (equal to the server's)");
    }
}
