package org.gantry.storage.ui;

import com.vaadin.flow.component.Text;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridSortOrder;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.UploadHandler;
import jakarta.annotation.security.PermitAll;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.gantry.base.ui.Notifications;
import org.gantry.base.ui.WindowWidth;
import org.gantry.storage.FileEntry;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageFiles;
import org.gantry.storage.StorageInfo;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageProperties;
import org.gantry.storage.StorageService;
import org.gantry.storage.StorageTransfers;

/**
 * The caller's storages in the browser: pick one, walk its folders by breadcrumbs, filter and
 * sort, upload several files with a progress bar each, download a file or a folder as zip,
 * make, rename and delete, and copy the {@code pai://} path or the path a job sees.
 */
@Route("files")
@PageTitle("Files · Gantry")
@Menu(title = "Files", order = 20, icon = "vaadin:folder-open")
@PermitAll
class FilesView extends VerticalLayout {

    private final StorageService storages;
    private final StorageFiles files;
    private final StorageTransfers transfers;
    final Select<StorageInfo> storage = new Select<>();
    final HorizontalLayout breadcrumbs = new HorizontalLayout();
    final TextField filter = new TextField();
    final Grid<FileEntry> grid = new Grid<>();
    final Upload upload = new Upload();
    final Button newFolder = new Button("New folder", VaadinIcon.FOLDER_ADD.create());
    final Anchor downloadFolder = new Anchor();
    StoragePath folder = StoragePath.ROOT;
    /** What an upload writes to: read by the upload's request thread, which holds no UI lock. */
    private volatile String shownStorage;
    private volatile StoragePath shownFolder = StoragePath.ROOT;
    private List<FileEntry> entries = List.of();

    FilesView(StorageService storages, StorageFiles files, StorageTransfers transfers) {
        this.storages = storages;
        this.files = files;
        this.transfers = transfers;
        setSizeFull();
        storage.setLabel("Storage");
        storage.setItemLabelGenerator(s -> s.name() + (s.readOnly() ? " (read-only)" : ""));
        storage.setItems(storages.mine());
        storage.addValueChangeListener(e -> open(StoragePath.ROOT));
        filter.setPlaceholder("Filter by name");
        filter.setClearButtonVisible(true);
        filter.setValueChangeMode(ValueChangeMode.LAZY);
        filter.addValueChangeListener(e -> show());
        breadcrumbs.setSpacing(false);
        breadcrumbs.setAlignItems(FlexComponent.Alignment.BASELINE);
        breadcrumbs.getStyle().set("flex-wrap", "wrap");

        Grid.Column<FileEntry> name = grid.addComponentColumn(this::nameCell).setHeader("Name")
                .setComparator(Comparator.comparing((FileEntry e) -> !e.directory()).thenComparing(FileEntry::name))
                .setFlexGrow(3);
        Grid.Column<FileEntry> size = grid.addColumn(e -> e.directory() ? "" : FileSizes.format(e.size()))
                .setHeader("Size").setComparator(Comparator.comparingLong(FileEntry::size)).setAutoWidth(true);
        Grid.Column<FileEntry> modified = grid.addColumn(e -> e.modified().map(FileSizes::time).orElse(""))
                .setHeader("Modified").setAutoWidth(true)
                .setComparator(Comparator.comparing(e -> e.modified().orElse(java.time.Instant.EPOCH)));
        // The actions stay at the right edge whatever the width; a phone-sized window shows the name and them.
        grid.addComponentColumn(this::actions).setHeader("").setKey("actions").setWidth("9em").setFlexGrow(0)
                .setFrozenToEnd(true);
        WindowWidth.follow(this, pixels -> {
            boolean wide = !WindowWidth.narrow(pixels);
            size.setVisible(wide);
            modified.setVisible(wide);
            name.setWidth(wide ? "16em" : "6em");
        });
        grid.sort(GridSortOrder.asc(name).build());
        grid.setEmptyStateText("This folder is empty. Drop files on the upload area above, or make a new folder.");

        upload.setUploadHandler(uploadHandler());
        upload.setDropAllowed(true);
        upload.addAllFinishedListener(e -> open(folder));
        newFolder.addClickListener(e -> FileDialogs.askName("New folder", "", n -> run(() -> {
            files.mkdir(current().name(), folder.child(n));
            open(folder);
        })));
        downloadFolder.add(new Button("Download folder as zip", VaadinIcon.DOWNLOAD.create()));
        downloadFolder.getElement().setAttribute("download", true);

        HorizontalLayout tools = new HorizontalLayout(storage, filter, newFolder, downloadFolder);
        tools.setAlignItems(FlexComponent.Alignment.BASELINE);
        tools.getStyle().set("flex-wrap", "wrap");
        add(new H2("Files"), tools, breadcrumbs, upload, grid);
        if (!storage.getListDataView().getItems().toList().isEmpty()) {
            storage.setValue(storage.getListDataView().getItem(0));
        }
    }

    StorageInfo current() {
        return storage.getValue();
    }

    /** Shows {@code path} of the picked storage. */
    void open(StoragePath path) {
        if (current() == null) {
            return;
        }
        try {
            // a folder lists in pages over REST; here the first MAX_PAGE entries, sorted and filtered in the browser
            entries = files.list(current().name(), path, 0, StorageProperties.MAX_PAGE).entries();
            folder = path;
        } catch (StorageException e) {
            Notifications.error(e.getMessage());
            return;
        }
        upload.setVisible(!current().readOnly());
        newFolder.setEnabled(!current().readOnly());
        String storageName = current().name();
        StoragePath zipped = folder;
        downloadFolder.setHref(zipHandler(storageName, zipped));
        shownStorage = storageName;
        shownFolder = folder;
        drawBreadcrumbs();
        show();
    }

    private DownloadHandler zipHandler(String storageName, StoragePath path) {
        return event -> {
            event.setFileName((path.isRoot() ? storageName : path.name()) + ".zip");
            event.setContentType("application/zip");
            files.zip(storageName, path, event.getOutputStream());
        };
    }

    private void show() {
        String text = filter.getValue().trim().toLowerCase(Locale.ROOT);
        grid.setItems(entries.stream().filter(e -> text.isEmpty() || e.name().toLowerCase(Locale.ROOT).contains(text)).toList());
    }

    private void drawBreadcrumbs() {
        breadcrumbs.removeAll();
        breadcrumbs.add(crumb(current().name(), StoragePath.ROOT));
        StoragePath path = StoragePath.ROOT;
        if (!folder.isRoot()) {
            for (String segment : folder.value().split("/")) {
                path = path.child(segment);
                breadcrumbs.add(new Text(" / "), crumb(segment, path));
            }
        }
    }

    private Button crumb(String label, StoragePath path) {
        Button button = new Button(label, e -> open(path));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
        return button;
    }

    private com.vaadin.flow.component.Component nameCell(FileEntry entry) {
        StoragePath path = folder.child(entry.name());
        if (entry.directory()) {
            Button button = new Button(entry.name(), VaadinIcon.FOLDER.create(), e -> open(path));
            button.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
            return button;
        }
        Button button = new Button(entry.name(), VaadinIcon.FILE_O.create(),
                e -> FileDialogs.preview(files, current().name(), path, entry));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE);
        button.setTooltipText("Preview");
        return button;
    }

    private com.vaadin.flow.component.Component actions(FileEntry entry) {
        StoragePath path = folder.child(entry.name());
        String storageName = current().name();
        HorizontalLayout row = new HorizontalLayout();
        row.setSpacing(false);
        if (!entry.directory()) {
            Anchor download = new Anchor(DownloadHandler.fromInputStream(event -> new com.vaadin.flow.server.streams
                    .DownloadResponse(files.read(storageName, path, 0), entry.name(), "application/octet-stream",
                    entry.size())), "");
            download.getElement().setAttribute("download", true);
            download.add(icon(VaadinIcon.DOWNLOAD, "Download"));
            row.add(download);
        }
        row.add(icon(VaadinIcon.LINK, "Copy paths", () -> FileDialogs.paths(current(), path)));
        if (!current().readOnly()) {
            row.add(icon(VaadinIcon.EDIT, "Rename", () -> FileDialogs.askName("Rename " + entry.name(), entry.name(),
                    n -> run(() -> {
                        transfers.start(true, storageName, path, storageName, folder.child(n));
                        open(folder);
                    }))));
            row.add(icon(VaadinIcon.TRASH, "Delete", () -> FileDialogs.confirmDelete(entry, () -> run(() -> {
                files.delete(storageName, path, true);
                Notifications.success("Deleted " + path);
                open(folder);
            }))));
        }
        return row;
    }

    private static Button icon(VaadinIcon icon, String label, Runnable action) {
        Button button = icon(icon, label);
        button.addClickListener(e -> action.run());
        return button;
    }

    private static Button icon(VaadinIcon icon, String label) {
        Button button = new Button(icon.create());
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY_INLINE, ButtonVariant.LUMO_ICON);
        button.setTooltipText(label);
        button.setAriaLabel(label);
        return button;
    }

    private static void run(Runnable action) {
        try {
            action.run();
        } catch (StorageException e) {
            Notifications.error(e.getMessage());
        }
    }

    private UploadHandler uploadHandler() {
        return event -> {
            // runs in the upload's request, as the signed-in user; the storage and folder are those shown when it started
            files.write(shownStorage, shownFolder.child(event.getFileName()), event.getInputStream());
        };
    }
}
