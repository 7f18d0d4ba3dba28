package org.gantry.marketplace.ui;

import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.IFrame;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.upload.Upload;
import com.vaadin.flow.component.upload.receivers.FileBuffer;
import com.vaadin.flow.server.StreamResource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.gantry.base.ui.Notifications;
import org.gantry.marketplace.FileKinds;
import org.gantry.marketplace.MarketFiles;
import org.gantry.marketplace.MarketItem;
import org.gantry.marketplace.MarketplaceException;

/**
 * An item's files: download links (the browser shows the progress), PDFs and images
 * previewed in place, and for the author an upload that shows its progress and refusals.
 */
class FilePanel extends VerticalLayout {

    private final MarketFiles files;

    FilePanel(MarketFiles files) {
        this.files = files;
        setId("item-files");
        setPadding(false);
    }

    void show(MarketItem item, boolean editor) {
        removeAll();
        List<MarketFiles.ItemFile> list = files.list(item.name(), Optional.empty());
        if (list.isEmpty()) {
            add(new Span(editor ? "No files yet: upload slides, notes or data below." : "No files."));
        }
        for (MarketFiles.ItemFile file : list) {
            Anchor download = new Anchor(resource(item, file), file.name());
            download.getElement().setAttribute("download", true);
            download.setId("file-" + file.name().replaceAll("[^A-Za-z0-9]", "-"));
            Span size = new Span(size(file.size()));
            size.getStyle().set("color", "var(--lumo-secondary-text-color)");
            HorizontalLayout row = new HorizontalLayout(download, size);
            row.setAlignItems(FlexComponent.Alignment.BASELINE);
            add(row);
            if (FileKinds.isImage(file.contentType())) {
                Image image = new Image(resource(item, file), file.name());
                image.getStyle().set("max-width", "100%").set("max-height", "24em");
                add(image);
            } else if (FileKinds.isPdf(file.contentType())) {
                IFrame pdf = new IFrame();
                pdf.getElement().setAttribute("src", resource(item, file));
                pdf.setWidthFull();
                pdf.setHeight("32em");
                pdf.getStyle().set("border", "1px solid var(--lumo-contrast-10pct)");
                add(pdf);
            }
        }
        if (editor) {
            FileBuffer buffer = new FileBuffer();
            Upload upload = new Upload(buffer);
            upload.setId("file-upload");
            upload.setMaxFileSize((int) Math.min(Integer.MAX_VALUE, files.maxBytes()));
            upload.addSucceededListener(e -> {
                try (InputStream in = buffer.getInputStream()) {
                    files.upload(item.name(), e.getFileName(), in);
                    Notifications.success("Uploaded " + e.getFileName());
                    show(item, true);
                } catch (MarketplaceException refused) {
                    Notifications.error(refused.getMessage());
                } catch (IOException failed) {
                    throw new UncheckedIOException(failed);
                }
            });
            upload.addFileRejectedListener(e -> Notifications.error(e.getErrorMessage()));
            add(new Div(upload));
        }
    }

    private StreamResource resource(MarketItem item, MarketFiles.ItemFile file) {
        StreamResource resource = new StreamResource(file.name(), () -> files.download(item.name(), file.name(),
                Optional.empty()).in());
        resource.setContentType(file.contentType());
        return resource;
    }

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return bytes / 1024 + " KiB";
        }
        return String.format("%.1f MiB", bytes / (1024.0 * 1024));
    }
}
