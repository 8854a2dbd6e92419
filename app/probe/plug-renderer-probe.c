/* plug-renderer-probe.c: plugboard-renderer-probe, which asks OpenGL and Vulkan who renders
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-renderer-probe"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <json-glib/json-glib.h>
#include <vulkan/vulkan.h>

/*
 * Loads the GPU drivers of the graphics stack (Mesa's or a vendor's) in a
 * process of its own, which Plugboard starts once per GPU and reads as
 * JSON on stdout: a driver that crashes or hangs here takes this process
 * down, never the app (PlugRendererProbe kills it after a timeout).
 *
 * OpenGL: with --render-node, EGL's device platform on the EGL device
 * whose render node that is (EGL_EXT_device_drm); else, or when EGL has
 * no device for that node ("platform": "surfaceless-fallback"), EGL's
 * surfaceless platform, which picks the GPU as any app would, following the
 * environment (DRI_PRIME, __GLX_VENDOR_LIBRARY_NAME… from
 * switcheroo-control). No window and no display server are needed.
 * Vulkan: every physical device, with its PCI address where the driver
 * tells it (VK_EXT_pci_bus_info).
 *
 * {
 *   "opengl": { "renderer", "version", "vendor", "platform" } | null,
 *   "opengl_error": string | null,
 *   "vulkan": [ { "name", "type", "api_version", "vendor_id", "device_id",
 *                 "pci_slot" | null } ],
 *   "vulkan_error": string | null
 * }
 */

#define GL_VENDOR 0x1F00
#define GL_RENDERER 0x1F01
#define GL_VERSION 0x1F02

typedef const unsigned char *(*GetStringFunc) (unsigned int name);

typedef struct
{
  char *renderer;
  char *version;
  char *vendor;
  const char *platform;
} OpenGLInfo;

static gboolean
has_extension (const char *extensions,
               const char *name)
{
  g_auto(GStrv) names = NULL;

  if (extensions == NULL)
    return FALSE;

  names = g_strsplit (extensions, " ", -1);
  return g_strv_contains ((const char * const *) names, name);
}

/* The EGL device whose DRM render node (or primary node) is @node. */
static EGLDeviceEXT
find_device (const char  *node,
             GError     **error)
{
  PFNEGLQUERYDEVICESEXTPROC query_devices = (PFNEGLQUERYDEVICESEXTPROC) eglGetProcAddress ("eglQueryDevicesEXT");
  PFNEGLQUERYDEVICESTRINGEXTPROC query_device_string =
    (PFNEGLQUERYDEVICESTRINGEXTPROC) eglGetProcAddress ("eglQueryDeviceStringEXT");
  EGLDeviceEXT devices[32];
  EGLint n_devices = 0;

  if (query_devices == NULL || query_device_string == NULL ||
      !query_devices (G_N_ELEMENTS (devices), devices, &n_devices))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "EGL cannot list devices (EGL_EXT_device_enumeration)");
      return EGL_NO_DEVICE_EXT;
    }

  for (EGLint i = 0; i < n_devices; i++)
    {
      const char *extensions = query_device_string (devices[i], EGL_EXTENSIONS);
      const char *file = NULL;

#ifdef EGL_DRM_RENDER_NODE_FILE_EXT
      if (has_extension (extensions, "EGL_EXT_device_drm_render_node"))
        {
          file = query_device_string (devices[i], EGL_DRM_RENDER_NODE_FILE_EXT);
          if (g_strcmp0 (file, node) == 0)
            return devices[i];
        }
#endif
      if (has_extension (extensions, "EGL_EXT_device_drm"))
        {
          file = query_device_string (devices[i], EGL_DRM_DEVICE_FILE_EXT);
          if (g_strcmp0 (file, node) == 0)
            return devices[i];
        }
    }

  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "No EGL device drives %s", node);
  return EGL_NO_DEVICE_EXT;
}

static gboolean
probe_opengl (const char  *node,
              OpenGLInfo  *info,
              GError     **error)
{
  const char *client_extensions = eglQueryString (EGL_NO_DISPLAY, EGL_EXTENSIONS);
  PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
    (PFNEGLGETPLATFORMDISPLAYEXTPROC) eglGetProcAddress ("eglGetPlatformDisplayEXT");
  static const EGLint context_attributes[] = { EGL_NONE };
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context;
  EGLint major, minor;
  GetStringFunc get_string;
  const char *text;

  if (get_platform_display == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "EGL has no platform displays (EGL_EXT_platform_base)");
      return FALSE;
    }

  if (node != NULL && has_extension (client_extensions, "EGL_EXT_platform_device"))
    {
      EGLDeviceEXT device;

      device = find_device (node, NULL);
      if (device != EGL_NO_DEVICE_EXT)
        display = get_platform_display (EGL_PLATFORM_DEVICE_EXT, device, NULL);
      if (display != EGL_NO_DISPLAY && eglInitialize (display, &major, &minor))
        info->platform = "device";
      else
        display = EGL_NO_DISPLAY;
    }

  /* No GPU named, or no EGL device for the one named (no user-space driver
   * for it): what any app would get. Plugboard only takes a software
   * renderer from this fallback as this GPU's, since a hardware one may
   * be another GPU's. */
  if (info->platform == NULL)
    {
      if (!has_extension (client_extensions, "EGL_MESA_platform_surfaceless"))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "EGL has no surfaceless platform");
          return FALSE;
        }
      display = get_platform_display (EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
      info->platform = node != NULL ? "surfaceless-fallback" : "surfaceless";
      if (display == EGL_NO_DISPLAY || !eglInitialize (display, &major, &minor))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "EGL could not be initialized (error 0x%x)", eglGetError ());
          return FALSE;
        }
    }

  if (!has_extension (eglQueryString (display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context") ||
      !has_extension (eglQueryString (display, EGL_EXTENSIONS), "EGL_KHR_no_config_context") ||
      !eglBindAPI (EGL_OPENGL_API))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   "EGL cannot make an OpenGL context without a surface here");
      eglTerminate (display);
      return FALSE;
    }

  context = eglCreateContext (display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent (display, EGL_NO_SURFACE, EGL_NO_SURFACE, context))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "No OpenGL context (EGL error 0x%x)", eglGetError ());
      eglTerminate (display);
      return FALSE;
    }

  get_string = (GetStringFunc) eglGetProcAddress ("glGetString");
  if (get_string == NULL || (text = (const char *) get_string (GL_RENDERER)) == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "OpenGL does not name its renderer");
      eglMakeCurrent (display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext (display, context);
      eglTerminate (display);
      return FALSE;
    }

  info->renderer = g_strdup (text);
  info->version = g_strdup ((const char *) get_string (GL_VERSION));
  info->vendor = g_strdup ((const char *) get_string (GL_VENDOR));

  eglMakeCurrent (display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext (display, context);
  eglTerminate (display);

  return TRUE;
}

static const char *
device_type_name (VkPhysicalDeviceType type)
{
  switch (type)
    {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
      return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
      return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
      return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
      return "cpu";
    case VK_PHYSICAL_DEVICE_TYPE_OTHER:
    default:
      return "other";
    }
}

static gboolean
device_has_extension (VkPhysicalDevice  device,
                      const char       *name)
{
  uint32_t n_extensions = 0;
  g_autofree VkExtensionProperties *extensions = NULL;

  if (vkEnumerateDeviceExtensionProperties (device, NULL, &n_extensions, NULL) != VK_SUCCESS)
    return FALSE;
  extensions = g_new0 (VkExtensionProperties, MAX (n_extensions, 1));
  if (vkEnumerateDeviceExtensionProperties (device, NULL, &n_extensions, extensions) != VK_SUCCESS)
    return FALSE;

  for (uint32_t i = 0; i < n_extensions; i++)
    if (g_str_equal (extensions[i].extensionName, name))
      return TRUE;

  return FALSE;
}

static gboolean
probe_vulkan (JsonBuilder  *builder,
              GError      **error)
{
  VkApplicationInfo application = {
    .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
    .pApplicationName = "plugboard-renderer-probe",
    .apiVersion = VK_API_VERSION_1_1,
  };
  VkInstanceCreateInfo create_info = {
    .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
    .pApplicationInfo = &application,
  };
  VkInstance instance;
  VkResult result;
  uint32_t n_devices = 0;
  g_autofree VkPhysicalDevice *devices = NULL;

  result = vkCreateInstance (&create_info, NULL, &instance);
  if (result != VK_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "No Vulkan instance (VkResult %d)", result);
      return FALSE;
    }

  if (vkEnumeratePhysicalDevices (instance, &n_devices, NULL) != VK_SUCCESS)
    n_devices = 0;
  devices = g_new0 (VkPhysicalDevice, MAX (n_devices, 1));
  if (n_devices > 0 && vkEnumeratePhysicalDevices (instance, &n_devices, devices) != VK_SUCCESS)
    n_devices = 0;

  json_builder_begin_array (builder);
  for (uint32_t i = 0; i < n_devices; i++)
    {
      VkPhysicalDevicePCIBusInfoPropertiesEXT bus_info = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PCI_BUS_INFO_PROPERTIES_EXT,
      };
      VkPhysicalDeviceProperties2 properties = {
        .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      };
      gboolean has_bus_info = device_has_extension (devices[i], VK_EXT_PCI_BUS_INFO_EXTENSION_NAME);
      g_autofree char *api_version = NULL;
      g_autofree char *vendor_id = NULL;
      g_autofree char *device_id = NULL;

      if (has_bus_info)
        properties.pNext = &bus_info;
      vkGetPhysicalDeviceProperties2 (devices[i], &properties);

      api_version = g_strdup_printf ("%u.%u.%u",
                                     VK_API_VERSION_MAJOR (properties.properties.apiVersion),
                                     VK_API_VERSION_MINOR (properties.properties.apiVersion),
                                     VK_API_VERSION_PATCH (properties.properties.apiVersion));
      vendor_id = g_strdup_printf ("0x%04x", properties.properties.vendorID);
      device_id = g_strdup_printf ("0x%04x", properties.properties.deviceID);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, properties.properties.deviceName);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, device_type_name (properties.properties.deviceType));
      json_builder_set_member_name (builder, "api_version");
      json_builder_add_string_value (builder, api_version);
      json_builder_set_member_name (builder, "vendor_id");
      json_builder_add_string_value (builder, vendor_id);
      json_builder_set_member_name (builder, "device_id");
      json_builder_add_string_value (builder, device_id);
      json_builder_set_member_name (builder, "pci_slot");
      if (has_bus_info)
        {
          g_autofree char *slot = g_strdup_printf ("%04x:%02x:%02x.%x", bus_info.pciDomain, bus_info.pciBus,
                                                   bus_info.pciDevice, bus_info.pciFunction);
          json_builder_add_string_value (builder, slot);
        }
      else
        {
          json_builder_add_null_value (builder);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  vkDestroyInstance (instance, NULL);

  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) opengl_error = NULL;
  g_autoptr(GError) vulkan_error = NULL;
  g_autofree char *render_node = NULL;
  g_autofree char *text = NULL;
  OpenGLInfo opengl = { 0 };
  gboolean skip_vulkan = FALSE;
  const GOptionEntry entries[] = {
    { "render-node", 0, 0, G_OPTION_ARG_FILENAME, &render_node,
      "Ask the GPU with this DRM node (/dev/dri/renderD128), not the default one", "NODE" },
    { "no-vulkan", 0, 0, G_OPTION_ARG_NONE, &skip_vulkan, "Do not ask Vulkan", NULL },
    { NULL }
  };

  setlocale (LC_ALL, "");

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, "Prints, as JSON, which OpenGL renderer and which Vulkan devices "
                                         "this process gets. Started by Plugboard, once per GPU.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("plugboard-renderer-probe: %s\n", error->message);
      return 2;
    }

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "opengl");
  if (probe_opengl (render_node, &opengl, &opengl_error))
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "renderer");
      json_builder_add_string_value (builder, opengl.renderer);
      json_builder_set_member_name (builder, "version");
      json_builder_add_string_value (builder, opengl.version);
      json_builder_set_member_name (builder, "vendor");
      json_builder_add_string_value (builder, opengl.vendor);
      json_builder_set_member_name (builder, "platform");
      json_builder_add_string_value (builder, opengl.platform);
      json_builder_end_object (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }
  json_builder_set_member_name (builder, "opengl_error");
  if (opengl_error != NULL)
    json_builder_add_string_value (builder, opengl_error->message);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "vulkan");
  if (skip_vulkan || !probe_vulkan (builder, &vulkan_error))
    {
      json_builder_begin_array (builder);
      json_builder_end_array (builder);
    }
  json_builder_set_member_name (builder, "vulkan_error");
  if (vulkan_error != NULL)
    json_builder_add_string_value (builder, vulkan_error->message);
  else
    json_builder_add_null_value (builder);

  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  g_print ("%s\n", text);

  g_free (opengl.renderer);
  g_free (opengl.version);
  g_free (opengl.vendor);

  /* Out without the exit handlers: the drivers' own (some crash there)
   * and, in sanitizer builds, the leak check of memory the drivers keep
   * until the process ends. The answer is printed; nothing else is left. */
  fflush (stdout);
  _exit (0);
}
