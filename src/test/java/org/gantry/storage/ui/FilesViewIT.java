package org.gantry.storage.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.textfield.TextField;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.gantry.security.Role;
import org.gantry.storage.FileEntry;
import org.gantry.storage.StorageFiles;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class FilesViewIT {

    @Autowired
    ApplicationContext context;
    @Autowired
    StorageFiles files;

    private FilesView view;

    @BeforeEach
    void setUp() {
        KaribuSupport.signIn(context, "files-" + System.nanoTime(), Role.USER);
        files.mkdir(StorageService.PERSONAL, StoragePath.of("data/raw"));
        files.write(StorageService.PERSONAL, StoragePath.of("notes.txt"),
                new ByteArrayInputStream("hello".getBytes(StandardCharsets.UTF_8)));
        UI.getCurrent().navigate(FilesView.class);
        view = _get(FilesView.class);
    }

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    private List<String> names() {
        return view.grid.getGenericDataView().getItems().map(FileEntry::name).toList();
    }

    @Test
    void the_personal_storage_opens_first_with_folders_before_files() {
        assertThat(view.current().name()).isEqualTo(StorageService.PERSONAL);
        assertThat(GridKt._size(view.grid)).isEqualTo(2);
        assertThat(GridKt._get(view.grid, 0).name()).isEqualTo("data");
        assertThat(GridKt._get(view.grid, 1).name()).isEqualTo("notes.txt");
    }

    @Test
    void folders_open_and_breadcrumbs_lead_back() {
        view.open(StoragePath.of("data"));
        assertThat(names()).containsExactly("raw");
        List<Button> crumbs = view.breadcrumbs.getChildren().filter(Button.class::isInstance).map(Button.class::cast).toList();
        assertThat(crumbs).extracting(Button::getText).containsExactly(StorageService.PERSONAL, "data");
        _click(crumbs.get(0));
        assertThat(view.folder.isRoot()).isTrue();
        assertThat(names()).contains("data", "notes.txt");
    }

    @Test
    void the_filter_narrows_the_folder() {
        view.filter.setValue("NOTES");
        assertThat(names()).containsExactly("notes.txt");
    }

    @Test
    void a_new_folder_is_made_and_a_file_deleted_after_confirmation() {
        _click(view.newFolder);
        _get(TextField.class, spec -> spec.withLabel("Name")).setValue("results");
        _click(_get(Button.class, spec -> spec.withText("OK")));
        assertThat(names()).contains("results");

        // the rows are sorted folders first: data, results, notes.txt; the third row's delete
        FileEntry third = GridKt._get(view.grid, 2);
        assertThat(third.name()).isEqualTo("notes.txt");
        _click(GridKt._getCellComponent(view.grid, 2, "actions").getChildren()
                .filter(Button.class::isInstance).map(Button.class::cast).filter(b -> "Delete".equals(b.getElement().getAttribute("aria-label")))
                .findFirst().orElseThrow());
        assertThat(names()).as("nothing is deleted before the confirmation").contains("notes.txt");
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));
        assertThat(names()).doesNotContain("notes.txt");
    }
}
